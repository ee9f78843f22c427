import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { passwordProblem, usernameProblem } from '@hearth/protocol/rules';
import { useServices } from '../../app/services';
import { signIn } from '../../app/session';
import { apiVersion } from '../../app/api-version';
import { ApiVersionSelector } from '../api-version/ApiVersionSelector';
import { SESSION_EXPIRED_KEY } from '../../lib/auth-store';
import { Button, TextField } from '../../ui';
import { preSignInViews } from '../password-reset/lazy';
import { focusAfterSignIn } from '../shell/focus-after-sign-in';
import { readLoginNotice, readNoticeUsername, type ForgotPasswordState } from './login-notice';
import styles from './AuthScreen.module.css';

type Mode = 'login' | 'register';

/** Sign in or create an account; the username rules and texts are the spec's, shared with the server. */
export function AuthScreen() {
  const services = useServices();
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(() => localStorage.getItem(SESSION_EXPIRED_KEY));
  const [busy, setBusy] = useState(false);
  // Good news brought back to the login form, such as a password just reset (spec 3 §2), or why this
  // tab signed out (a new username or password), with the name to sign in with filled in.
  const historyState = useHistoryState();
  const notice = readLoginNotice(historyState);
  const noticeUsername = readNoticeUsername(historyState);
  useEffect(() => {
    if (noticeUsername) setUsername(noticeUsername);
  }, [noticeUsername]);
  // The forgot-password view's code, so following the link finds it here.
  useEffect(() => preSignInViews.loadWhenIdle(), []);

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem =
      mode === 'register'
        ? (usernameProblem(username) ?? passwordProblem(password))
        : !username.trim() || !password
          ? 'Please enter your username and password'
          : null;
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    localStorage.removeItem(SESSION_EXPIRED_KEY);
    // The notice has been read; it must not come back with this entry after the next sign-out.
    if (notice) window.history.replaceState(null, '');
    try {
      const body: Record<string, unknown> = { username: username.trim(), password };
      if (mode === 'register' && email.trim()) body.email = email.trim();
      // The form goes away with the sign-in; the shell then puts focus in the composer or its first control.
      focusAfterSignIn.ask();
      await signIn(services, mode, body);
      apiVersion.noteSignIn();
    } catch (err) {
      focusAfterSignIn.cancel();
      setError(err instanceof Error ? err.message : 'Something went wrong');
      setBusy(false);
    }
  };

  const registering = mode === 'register';
  return (
    <main className={styles.screen}>
      <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {registering ? 'Create an account' : 'Welcome back'}
        </h1>
        <p className={styles.subtitle}>{registering ? 'Join the conversation on Hearth' : 'Sign in to Hearth'}</p>
        {notice && !registering && (
          <p role="status" className={styles.notice}>
            {notice}
          </p>
        )}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoFocus={!noticeUsername}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus={Boolean(noticeUsername)}
        />
        {!registering && (
          <Link
            href="/forgot-password"
            state={{ identifier: username.trim() } satisfies ForgotPasswordState}
            className={styles.forgot}
          >
            Forgot password?
          </Link>
        )}
        {registering && (
          <TextField
            label="Email (optional)"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
        <ApiVersionSelector />
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Please wait...' : registering ? 'Register' : 'Log In'}
        </Button>
        <p className={styles.switch}>
          {registering ? 'Already have an account?' : 'Need an account?'}{' '}
          <button type="button" className={styles.link} onClick={() => switchMode(registering ? 'login' : 'register')}>
            {registering ? 'Log In' : 'Register'}
          </button>
        </p>
      </form>
    </main>
  );
}
