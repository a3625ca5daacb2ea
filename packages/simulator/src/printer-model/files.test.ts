import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FileStore, FileStoreError, normalizePath } from './files.js';

describe('FileStore', () => {
  it('stores files with hashes, folders and metadata', () => {
    const store = new FileStore();
    const file = store.put('/prints//cube.gcode', Buffer.from(';TIME:60\nG28\n'), 5000);
    expect(file).toMatchObject({
      path: 'prints/cube.gcode',
      name: 'cube.gcode',
      size: 13,
      modified: 5000,
    });
    expect(file.sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(file.metadata.estimatedSeconds).toBe(60);
    expect(store.folders()).toEqual(['prints']);
    expect(store.get('prints/cube.gcode')).toBe(file);
  });

  it('keeps the byte count and the file count within their caps', () => {
    const store = new FileStore({ maxBytes: 10, maxFiles: 2 });
    store.put('a.gcode', Buffer.alloc(6), 0);
    expect(() => store.put('b.gcode', Buffer.alloc(5), 0)).toThrow(FileStoreError);
    store.put('a.gcode', Buffer.alloc(2), 0);
    store.put('b.gcode', Buffer.alloc(8), 0);
    expect(store.usedBytes).toBe(10);
    expect(() => store.put('c.gcode', Buffer.alloc(0), 0)).toThrow(/Too many files/);
    expect(store.delete('a.gcode')).toBe(true);
    expect(store.usedBytes).toBe(8);
  });

  it('deletes a folder with everything below it', () => {
    const store = new FileStore();
    store.put('a/b/c.gcode', Buffer.alloc(1), 0);
    store.put('a/d.gcode', Buffer.alloc(1), 0);
    store.put('e.gcode', Buffer.alloc(1), 0);
    expect(store.deleteFolder('a').map((f) => f.path)).toEqual(['a/b/c.gcode', 'a/d.gcode']);
    expect(store.list().map((f) => f.path)).toEqual(['e.gcode']);
    expect(store.folders()).toEqual([]);
  });

  it('refuses unsafe paths', () => {
    for (const bad of ['', '../x.gcode', 'a/../../x', 'a\\b.gcode', 'nul\0.gcode', '/']) {
      expect(() => normalizePath(bad)).toThrow(FileStoreError);
    }
  });

  it('never normalises any path into one that climbs or holds a backslash', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (path) => {
        let clean: string;
        try {
          clean = normalizePath(path);
        } catch {
          return;
        }
        const segments = clean.split('/');
        expect(segments).not.toContain('..');
        expect(segments).not.toContain('');
        expect(clean).not.toMatch(/\\|^\//);
      }),
    );
  });
});
