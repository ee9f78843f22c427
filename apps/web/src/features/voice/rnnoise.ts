import { loadRnnoise, RnnoiseWorkletNode } from '@sapphi-red/web-noise-suppressor';
import workletUrl from '@sapphi-red/web-noise-suppressor/rnnoiseWorklet.js?url';
import wasmUrl from '@sapphi-red/web-noise-suppressor/rnnoise.wasm?url';
import simdWasmUrl from '@sapphi-red/web-noise-suppressor/rnnoise_simd.wasm?url';

/** RNNoise works on 48 kHz audio: the context it runs in must use that rate. */
export const RNNOISE_SAMPLE_RATE = 48_000;
/** Spec 2 §4: a noise-suppression engine that is not ready in 10 s is given up. */
const INIT_TIMEOUT_MS = 10_000;

/** The WebAssembly (the SIMD build where the browser has SIMD), fetched once per page. */
let wasm: Promise<ArrayBuffer> | null = null;

/**
 * An RNNoise node for `context` (a 48 kHz one): the worklet module is added to the context and the
 * model's WebAssembly handed to it. Rejects after 10 s, or when anything of it fails; the caller
 * then uses the stream unprocessed.
 */
export async function createRnnoiseNode(context: AudioContext): Promise<RnnoiseWorkletNode> {
  if (context.sampleRate !== RNNOISE_SAMPLE_RATE)
    throw new Error(`RNNoise needs ${RNNOISE_SAMPLE_RATE} Hz audio, not ${context.sampleRate} Hz`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('RNNoise did not start within 10 s')), INIT_TIMEOUT_MS);
  });
  const create = async () => {
    wasm ??= loadRnnoise({ url: wasmUrl, simdUrl: simdWasmUrl }).catch((err: unknown) => {
      wasm = null; // a failed download may succeed next time
      throw err;
    });
    const [binary] = await Promise.all([wasm, context.audioWorklet.addModule(workletUrl)]);
    // The worklet compiles the model on its own, says nothing when that fails, and then only ever
    // outputs silence. Compiling it here first (the worklet runs under the page's policy, so what
    // fails there fails here) turns that into an error the caller can fall back on.
    await WebAssembly.compile(binary);
    return new RnnoiseWorkletNode(context, { maxChannels: 1, wasmBinary: binary });
  };
  try {
    return await Promise.race([create(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
