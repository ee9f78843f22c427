import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  type GetObjectCommandOutput,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { finished, PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStorage } from './file-storage.js';
import { checkKey, missingFile } from './keys.js';
import { StorageUnavailableError } from './unavailable.js';

/** STORAGE_BACKEND=s3's settings (config.ts reads them). */
export interface S3Settings {
  /** An S3-compatible server's address; unset: Amazon S3 itself, by region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses of the form endpoint/bucket/key instead of bucket.endpoint/key (most self-hosted servers). */
  forcePathStyle: boolean;
}

/**
 * S3's smallest part (but the last): a put holds at most this much per part in memory. With
 * PART_QUEUE parts in flight and one being filled, one upload holds at most about 15 MB, whatever
 * its size; a file smaller than one part is sent with a single PutObject.
 */
export const PART_BYTES = 5 * 1024 * 1024;
const PART_QUEUE = 2;

/**
 * A client for the bucket. `maxSockets` (the SDK's default, 50) bounds the connections to the S3
 * server; a smaller one lets tests see a connection that is not given back.
 */
export function s3Client(s: S3Settings, maxSockets = 50): S3Client {
  return new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // The SDK's default sends every body with a CRC32 trailer in aws-chunked framing; S3-compatible
    // servers do not all understand that framing (some store it as part of the file). A checksum
    // only where an operation requires one keeps the plain, signed body every server reads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket whose host drops packets must not hold requests for minutes (the SDK sets no limit):
    // connecting is bounded, and a request that cannot connect is a 503 like any unreachable bucket.
    // No socket idle limit: a download paused by a slow reader (a video) is silent for as long as the
    // reader waits, and must not be cut. The wait for an answer to start is bounded per request
    // instead (S3Storage.answered).
    requestHandler: { httpAgent: { maxSockets }, httpsAgent: { maxSockets }, connectionTimeout: 5_000 },
  });
}

const notFound = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * What the SDK rejects with (but a missing object) means the bucket could not be used: nothing
 * listening, a timeout, refused credentials, a 5xx. Requests then answer 503, not 500.
 */
const unavailable = (err: unknown) => new StorageUnavailableError(err);

/**
 * How long a get, size or delete waits for the bucket's answer to start. S3 answers in well under a
 * second; the limit is only for a host that accepts connections and never answers.
 */
const ANSWER_LIMIT_MS = 30_000;

/**
 * Files as objects in one S3-compatible bucket, through the official AWS SDK. Puts are streamed in
 * parts (a multipart upload, aborted on failure so nothing is left under the key); gets stream the
 * object, or the HTTP Range asked for. Nothing is on this machine's disk: localPath is null.
 */
export class S3Storage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Keys per ListObjectsV2 page (S3's own most is 1000); smaller in tests, to list across pages. */
    private readonly listPageSize = 1000,
    /** How long a get, size or delete waits for the bucket's answer to start (smaller in tests). */
    private readonly answerLimitMs = ANSWER_LIMIT_MS,
  ) {}

  /**
   * Sends a command whose answer must start within answerLimitMs: a bucket host that takes the
   * connection and then says nothing would otherwise hold the request (and, for a HEAD, every file
   * request) for good. Only until the answer starts: a download's body, which a reader may pause as
   * long as it likes, is never cut (the timer is cleared once the headers are in).
   */
  private async answered<T>(send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`The bucket did not answer within ${this.answerLimitMs / 1000} s`)),
      this.answerLimitMs,
    );
    try {
      return await send(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Rejects with a sentence for people when the bucket cannot be reached with these settings. */
  async check(endpoint = 'Amazon S3'): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'there is no such bucket'
          : status === 403 || status === 401
            ? 'access was refused (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
            : err instanceof Error
              ? err.message || err.name
              : String(err);
      throw new Error(`The S3 bucket "${this.bucket}" cannot be reached at ${endpoint}: ${why}.`);
    }
  }

  async put(key: string, source: Readable): Promise<number> {
    checkKey(key);
    let size = 0;
    // Counts the bytes on their way; a byte stream, so it reads ahead no more than its 16 kB buffer.
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A failing source destroys `counted` with its error, which fails the upload.
    let sourceError: unknown;
    const piping = pipeline(source, counted).catch((err: unknown) => {
      sourceError ??= err;
    });
    // leavePartsOnError false: a failed source or request aborts the multipart upload, so the parts
    // sent so far are dropped and no object appears under the key (S3 writes an object only whole).
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted },
      partSize: PART_BYTES,
      queueSize: PART_QUEUE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      counted.destroy();
      await piping;
      // The source's own failure says what went wrong, rather than what followed from it.
      throw sourceError ?? unavailable(err);
    }
    await piping;
    if (sourceError) throw sourceError;
    return size;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    checkKey(key);
    let answer: GetObjectCommandOutput;
    try {
      const command = new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        // Only start-end: the routes work out a suffix range themselves (uploads/serve-file.ts).
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      });
      answer = await this.answered((abortSignal) => this.client.send(command, { abortSignal }));
    } catch (err) {
      if (notFound(err)) throw missingFile(key);
      throw unavailable(err);
    }
    const body = surfaced(answer.Body as Readable);
    return range ? exactly(body, range, answer.ContentRange) : body;
  }

  async size(key: string): Promise<number | null> {
    checkKey(key);
    try {
      const command = new HeadObjectCommand({ Bucket: this.bucket, Key: key });
      const head = await this.answered((abortSignal) => this.client.send(command, { abortSignal }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return null;
      throw unavailable(err);
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    // S3 answers a delete of a missing object with success too.
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: key });
    await this.answered((abortSignal) => this.client.send(command, { abortSignal })).catch((err: unknown) => {
      throw unavailable(err);
    });
  }

  async *list(): AsyncIterable<string> {
    try {
      for await (const page of paginateListObjectsV2(
        { client: this.client, pageSize: this.listPageSize },
        { Bucket: this.bucket },
      ))
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    } catch (err) {
      throw unavailable(err);
    }
  }

  localPath(): null {
    return null;
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }
}

/**
 * An object's bytes whose failure part-way (the bucket's connection reset, a timeout) is reported as
 * the store being unavailable, as a failure to start is: a reader that has sent nothing yet answers
 * 503 with its text rather than 500, and one that has (a download under way) is cut off either way.
 */
function surfaced(body: Readable): Readable {
  const out = new PassThrough();
  // finished() also reports an answer that closed before its end without an error of its own.
  finished(body, (err) => {
    if (err) out.destroy(unavailable(err));
  });
  // As in exactly(): a reader that goes away destroys `out`, and the answer must go with it.
  out.once('close', () => body.destroy());
  return body.pipe(out);
}

/**
 * The bytes of `range` from an answer to a ranged GET. HTTP lets a server answer a Range with more
 * (the whole object, without Content-Range), and some S3-compatible servers widen a range (one gives
 * the whole object for bytes=0-0): what came is cut down to what was asked.
 */
function exactly(body: Readable, range: ByteRange, contentRange: string | undefined): Readable {
  const given = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  const givenStart = given ? Number(given[1]) : 0;
  const givenEnd = given ? Number(given[2]) : Infinity;
  if (givenStart === range.start && givenEnd === range.end) return body;
  let skip = range.start - givenStart;
  let left = range.end - range.start + 1;
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.min(skip, chunk.length);
      skip -= from;
      const part = chunk.subarray(from, from + left);
      left -= part.length;
      done(null, part.length ? part : undefined);
      // Once every byte asked for is there, the rest of the answer is not read.
      if (left === 0) {
        this.push(null);
        body.destroy();
      }
    },
  });
  body.once('error', (err) => cut.destroy(err));
  // pipe() does not pass a destroy upstream: a reader that goes away early (a browser cancelling a
  // video's range) destroys `cut`, and the answer from the bucket must go with it, or its connection
  // stays open and taken (the client has 50), paused, for good.
  cut.once('close', () => body.destroy());
  return body.pipe(cut);
}
