import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJSON, readString, removeKey, writeJSON, writeString } from '../../src/lib/storage';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.has(key) ? this.data.get(key)! : null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const throwing = {
  getItem() {
    throw new Error('SecurityError');
  },
  setItem() {
    throw new Error('QuotaExceededError');
  },
  removeItem() {
    throw new Error('SecurityError');
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('storage helper', () => {
  it('round-trips strings and JSON in local and session storage', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    expect(writeString('a', '1')).toBe(true);
    expect(readString('a')).toBe('1');
    expect(writeJSON('b', { x: [1, 2] }, 'session')).toBe(true);
    expect(readJSON('b', 'session')).toEqual({ x: [1, 2] });
    expect(readString('b')).toBeNull();
    removeKey('a');
    expect(readString('a')).toBeNull();
  });

  it('returns null for corrupt JSON instead of throwing', () => {
    const store = new MemoryStorage();
    store.setItem('broken', '{not json');
    vi.stubGlobal('localStorage', store);
    expect(readJSON('broken')).toBeNull();
  });

  it('rejects values the caller does not accept', () => {
    const store = new MemoryStorage();
    store.setItem('n', '42');
    vi.stubGlobal('localStorage', store);
    const isString = (v: unknown): v is string => typeof v === 'string';
    expect(readJSON('n', 'local', isString)).toBeNull();
  });

  it('never throws when storage is blocked or full', () => {
    vi.stubGlobal('localStorage', throwing);
    expect(readString('a')).toBeNull();
    expect(writeString('a', '1')).toBe(false);
    expect(writeJSON('a', { a: 1 })).toBe(false);
    expect(() => removeKey('a')).not.toThrow();
  });

  it('never throws when reading the storage property itself throws', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError: access denied');
      },
    });
    expect(readString('a')).toBeNull();
    expect(writeString('a', '1')).toBe(false);
    // @ts-expect-error cleaning up the test's own property
    delete globalThis.localStorage;
  });

  it('refuses values JSON cannot represent', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(writeJSON('c', cyclic)).toBe(false);
  });
});
