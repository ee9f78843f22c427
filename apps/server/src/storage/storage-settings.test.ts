/** STORAGE_BACKEND and the S3 settings as the server reads them (config.ts). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

const S3 = {
  S3_REGION: 'eu-west-1',
  S3_BUCKET: 'hearth-files',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('the storage settings', () => {
  it('keeps files on the local disk by default, and in the bucket with STORAGE_BACKEND=s3', () => {
    expect(loadConfig({}).storage).toEqual({ backend: 'local' });
    expect(loadConfig({ STORAGE_BACKEND: 's3', ...S3 }).storage).toEqual({
      backend: 's3',
      endpoint: undefined,
      region: 'eu-west-1',
      bucket: 'hearth-files',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('refuses S3 settings given without STORAGE_BACKEND, rather than silently keeping files on this node', () => {
    expect(() => loadConfig(S3)).toThrow(
      'S3_REGION is set but STORAGE_BACKEND is not: set STORAGE_BACKEND=s3 to keep files in the bucket (or STORAGE_BACKEND=local for DATA_DIR/files)',
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://10.0.0.5:9000' })).toThrow(
      /^S3_ENDPOINT is set but STORAGE_BACKEND/,
    );
    // Said outright, the local disk is what is meant; empty settings are no settings.
    expect(loadConfig({ STORAGE_BACKEND: 'local', ...S3 }).storage).toEqual({ backend: 'local' });
    expect(loadConfig({ S3_BUCKET: ' ' }).storage).toEqual({ backend: 'local' });
  });

  it('names the setting missing for S3, and refuses an endpoint that is not an http(s) address', () => {
    expect(() => loadConfig({ STORAGE_BACKEND: 's3', ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'STORAGE_BACKEND=s3 needs S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ STORAGE_BACKEND: 's3', ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) address/,
    );
  });
});
