/** Spec 2 §9: a microphone request gives up after 15 s. */
const MICROPHONE_TIMEOUT_MS = 15_000;

/** Spec 2 §8's texts for what getUserMedia can answer. */
function microphoneError(err: unknown): Error {
  const name = (err as { name?: string }).name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return new Error('Microphone access denied. Please allow microphone permissions in your browser settings.');
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return new Error('No microphone found. Please connect a microphone and try again.');
  if (name === 'NotReadableError' || name === 'AbortError')
    return new Error('Microphone is being used by another application. Please close other apps and try again.');
  return new Error(`Microphone error: ${(err as Error).message ?? String(err)}`);
}

/** The microphone, with the browser processing the voice settings ask for (microphoneConstraints). */
export async function openMicrophone(audio: MediaTrackConstraints): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia)
    throw new Error('Failed to access microphone. Please check your browser settings.');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('getUserMedia timeout')), MICROPHONE_TIMEOUT_MS);
  });
  try {
    const request = navigator.mediaDevices.getUserMedia({ audio, video: false });
    return await Promise.race([request.catch((err: unknown) => Promise.reject(microphoneError(err))), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
