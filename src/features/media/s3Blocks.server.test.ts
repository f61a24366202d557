/**
 * Blocks in an S3-compatible bucket, against a real S3-compatible server started here (`s3rver`, signature
 * checking on): what is put comes back byte for byte under `{prefix}blocks/{cid}`, a block never put is null, the
 * gateway serves a file from the bucket, and a write the bucket refuses fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '#tests/helpers/server';
import { addFile } from './addContent';
import { answerGateway } from './gateway/answerGateway.server';
import { parseS3Url } from './mediaSettings.server';
import { s3Blocks } from './s3Blocks.server';

let directory = '';
let server: S3rver;
let endpoint = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'kirafuda-s3-'));
  const port = await freePort();
  server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: 'kirafuda', configs: [] }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
}, 30_000);

afterAll(async () => {
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const url = (secret = 'S3RVER') =>
  `http://S3RVER:${secret}@${endpoint.slice('http://'.length)}/kirafuda/media/ipfs?region=us-east-1`;

describe('the S3 block store', () => {
  test('MEDIA_S3_URL names the bucket, prefix, region and keys', () => {
    expect(parseS3Url(url())).toEqual({
      endpoint,
      bucket: 'kirafuda',
      prefix: 'media/ipfs/',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    expect(() => parseS3Url('ftp://a:b@host/bucket')).toThrow(/MEDIA_S3_URL/);
    expect(() => parseS3Url('https://host/bucket')).toThrow(/MEDIA_S3_URL/);
  });

  test('blocks put come back byte for byte; a block never put is null; the gateway serves from the bucket', async () => {
    const store = s3Blocks(parseS3Url(url()) as NonNullable<ReturnType<typeof parseS3Url>>);
    const bytes = new Uint8Array(1.5 * 1024 * 1024).map((_, i) => (i * 31) % 256);
    const file = await addFile(bytes);
    await store.put(file.blocks);
    await store.put(file.blocks);
    for (const block of file.blocks) expect(await store.get(block.cid)).toEqual(block.bytes);
    const other = await addFile(new TextEncoder().encode('never stored'));
    expect(await store.get(other.cid)).toBeNull();
    const served = await answerGateway(new Request(`http://x/ipfs/${file.cid}`), file.cid.toString(), store);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    // The object layout: one object per block under the prefix.
    const listed = await fetch(`${endpoint}/kirafuda/media/ipfs/blocks/${file.cid}`);
    expect(listed.status).not.toBe(404);
  });

  test('a bucket that refuses the write fails the put (no CID is published whose blocks were not stored)', async () => {
    const location = parseS3Url(url()) as NonNullable<ReturnType<typeof parseS3Url>>;
    const store = s3Blocks({ ...location, bucket: 'no-such-bucket' });
    const file = await addFile(new TextEncoder().encode('y'));
    await expect(store.put(file.blocks)).rejects.toThrow(/S3 PUT answered 404/);
  });
});
