import { describe, expect, it } from 'vitest';
import { mediaType, siteRequestProblem } from './siteRequest';

const url = new URL('http://localhost:4321/api/v1/illegal_report');
const key = 'k';
const origins = new Set(['http://localhost:4321', 'https://kirafuda.example']);
const make = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });
const site = { 'x-requested-with': 'XMLHttpRequest', 'x-api-key': key };

describe('siteRequestProblem', () => {
  it('lets reads through without the headers', () => {
    expect(siteRequestProblem(make('GET', {}), origins, key)).toBeNull();
  });

  it('accepts a state-changing request from any of the site origins', () => {
    expect(siteRequestProblem(make('POST', { ...site, origin: 'http://localhost:4321' }), origins, key)).toBeNull();
    expect(siteRequestProblem(make('POST', { ...site, origin: 'https://kirafuda.example' }), origins, key)).toBeNull();
    expect(siteRequestProblem(make('DELETE', site), origins, key)).toBeNull();
  });

  it('refuses a missing custom header, a wrong key and a foreign origin', () => {
    expect(siteRequestProblem(make('POST', { 'x-api-key': key }), origins, key)).toMatch(/X-Requested-With/);
    expect(siteRequestProblem(make('PUT', { ...site, 'x-api-key': 'nope' }), origins, key)).toMatch(/X-Api-Key/);
    expect(siteRequestProblem(make('POST', { ...site, origin: 'https://evil.example' }), origins, key)).toMatch(
      /evil\.example/,
    );
    expect(siteRequestProblem(make('POST', { ...site, 'sec-fetch-site': 'cross-site' }), origins, key)).toMatch(
      /Cross-site/,
    );
  });
});

describe('mediaType', () => {
  it('is the type and subtype only, in lower case', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType('text/plain; x=application/json')).toBe('text/plain');
    expect(mediaType('application/json-patch+json')).toBe('application/json-patch+json');
    expect(mediaType(null)).toBe('');
  });
});
