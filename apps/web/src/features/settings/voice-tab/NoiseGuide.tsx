import styles from './VoiceSettings.module.css';

/** Spec 2 §2's noise-suppression debugging guide: a few steps that this tab itself can check. */
export function NoiseGuide() {
  return (
    <details className={styles.guide}>
      <summary>Noise still getting through? A short debugging guide</summary>
      <ol>
        <li>
          Try the other engine: Standard is the browser&apos;s own suppression; RNNoise is a neural network running in
          this tab, stronger on steady noise (fans, hum) but heavier on the processor.
        </li>
        <li>
          If a note under the engine says RNNoise could not start, your microphone is sent unprocessed: choose Standard.
        </li>
        <li>
          Turn on Voice Activity Detection and stay quiet: if the meter says TRANSMITTING, run Calibrate VAD (2s) in
          silence, or raise VAD Sensitivity until it says MUTED.
        </li>
        <li>
          Clicks and breathing: turn on Advanced Noise Suppression with Keyboard Filtering or Breathing Reduction.
        </li>
        <li>Others hear themselves: keep Echo Cancellation on, or use headphones.</li>
        <li>
          Run Test Microphone while talking: a bar that stays red means you are too quiet; raise Input Sensitivity or
          turn on Auto Gain Control.
        </li>
        <li>
          Changes reach a running call after a short pause; if one does not seem to, leave the channel and join again.
        </li>
      </ol>
    </details>
  );
}
