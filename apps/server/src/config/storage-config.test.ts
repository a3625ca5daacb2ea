import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('object storage settings (STORAGE_URL, S3_*)', () => {
  it('keeps files on the disk when STORAGE_URL is unset or empty', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: '' }).s3).toBeUndefined();
  });

  it('reads the bucket, the prefix, the endpoint and the keys', () => {
    const config = loadConfig({
      STORAGE_URL: 's3://printdeck-files/farm/one/',
      S3_ENDPOINT: 'http://minio.lan:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-key',
    });
    expect(config.s3).toEqual({
      bucket: 'printdeck-files',
      prefix: 'farm/one/',
      endpoint: 'http://minio.lan:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-key' },
      forcePathStyle: true,
      agentDownloads: 'direct',
    });
  });

  it('on AWS itself: no prefix, virtual-hosted buckets, the SDK finds the keys', () => {
    expect(loadConfig({ STORAGE_URL: 's3://printdeck-files' }).s3).toEqual({
      bucket: 'printdeck-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      agentDownloads: 'direct',
    });
    const styled = loadConfig({ STORAGE_URL: 's3://b12', S3_FORCE_PATH_STYLE: 'true' });
    expect(styled.s3).toMatchObject({ forcePathStyle: true });
  });

  it('names the bad variable in one line', () => {
    expect(problemsOf({ STORAGE_URL: 'https://bucket/x' })).toEqual([
      'STORAGE_URL="https://bucket/x": must start with s3:// (unset it to keep files on the disk)',
    ]);
    expect(problemsOf({ STORAGE_URL: 's3://Bad_Bucket' })[0]).toMatch(
      /^STORAGE_URL="s3:\/\/Bad_Bucket": must name a bucket of 3–63 lowercase/,
    );
    expect(problemsOf({ STORAGE_URL: 's3://bucket/a b' })[0]).toMatch(/must have a prefix/);
    expect(problemsOf({ STORAGE_URL: 's3://key:secret@bucket' })[0]).toMatch(
      /must not hold keys: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY instead/,
    );
    expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'minio:9000' })).toEqual([
      'S3_ENDPOINT="minio:9000": must be a URL starting with http(s)://',
    ]);
    expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_REGION: 'EU West' })[0]).toMatch(
      /^S3_REGION="EU West": must be a region name/,
    );
    expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' })[0]).toMatch(
      /^S3_FORCE_PATH_STYLE="yes": /,
    );
    expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_AGENT_DOWNLOADS: 'presigned' })).toEqual([
      'S3_AGENT_DOWNLOADS="presigned": must be direct or server',
    ]);
  });

  it('lets agents fetch from the store directly unless S3_AGENT_DOWNLOADS=server', () => {
    const server = loadConfig({ STORAGE_URL: 's3://b12', S3_AGENT_DOWNLOADS: 'server' });
    expect(server.s3).toMatchObject({ agentDownloads: 'server' });
    expect(problemsOf({ S3_AGENT_DOWNLOADS: 'server' })).toEqual([
      'STORAGE_URL is missing: it must be set when S3_AGENT_DOWNLOADS is set (s3://bucket/prefix)',
    ]);
  });

  it('asks for the keys together, and for STORAGE_URL when an S3 setting is given', () => {
    expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual([
      'S3_SECRET_ACCESS_KEY is missing: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'STORAGE_URL is missing: it must be set when S3_ENDPOINT is set (s3://bucket/prefix)',
    ]);
  });

  it('never shows the secret key', () => {
    expect(
      problemsOf({ STORAGE_URL: 's3://bucket', S3_SECRET_ACCESS_KEY: 'secret-value' }),
    ).toEqual([
      'S3_ACCESS_KEY_ID is missing: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ]);
  });
});
