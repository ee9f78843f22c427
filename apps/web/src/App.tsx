import { USERNAME_MAX, USERNAME_MIN } from '@hearth/protocol';

/** Placeholder until the web client is built: confirms the server serves the client and the protocol package resolves. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Hearth</h1>
      <p>The server is running. The web client is on its way.</p>
      <p>
        Usernames are {USERNAME_MIN}–{USERNAME_MAX} characters. The API lives under <code>/api</code> and the live
        connection at <code>/ws</code>.
      </p>
    </main>
  );
}
