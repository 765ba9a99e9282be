import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database holds accounts, sessions, password hashes and orders, and DATA_DIR also
 * the session secret, with which anyone could forge a session: none of it may be open to other
 * users of the machine. Folders are 0700 and files 0600: the bits for the group and others go.
 */
const GROUP_AND_OTHERS = 0o077;

/**
 * Takes the group's and others' bits off `folder` and everything in it: a folder an earlier
 * version of the shop, a restore or PGlite's first start (which makes its files 0666) left open.
 * Symlinks are left alone (their target is not the shop's to change).
 */
export function closeToOthers(folder: string): void {
  for (const name of ['', ...fs.readdirSync(folder, { recursive: true }).map(String)]) {
    const entry = path.join(folder, name);
    const stat = fs.lstatSync(entry);
    if (!stat.isSymbolicLink() && stat.mode & GROUP_AND_OTHERS) fs.chmodSync(entry, stat.mode & 0o777 & ~GROUP_AND_OTHERS);
  }
}

/** The parts of Emscripten's NODEFS that give a new file or folder its mode. */
interface EmscriptenNodeFs {
  node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown; setattr: (node: unknown, attr: { mode?: number }) => void };
  stream_ops: { setattr: (stream: unknown, attr: { mode?: number }) => void };
}

/** Every mode PGlite gives a file or folder (0666 for its files, whatever umask says) loses the group's and others' bits. */
function keepModesToOwner(nodeFs: EmscriptenNodeFs): void {
  const { node_ops: nodeOps, stream_ops: streamOps } = nodeFs;
  const mknod = nodeOps.mknod;
  const setNodeAttributes = nodeOps.setattr;
  const setStreamAttributes = streamOps.setattr;
  const ownerOnly = (attr: { mode?: number }) => (attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS });
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
  nodeOps.setattr = (node, attr) => setNodeAttributes(node, ownerOnly(attr));
  streamOps.setattr = (stream, attr) => setStreamAttributes(stream, ownerOnly(attr));
}

/** PGlite's file system on `folder`, writing every file 0600 and folder 0700, also those it makes while it runs or restores a backup. */
export async function ownerOnlyFileSystem(folder: string): Promise<NodeFS> {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  class OwnerOnlyNodeFS extends NodeFS {
    override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
      const { emscriptenOpts } = await super.init(pg, options);
      // After NodeFS's own step, which mounts the folder.
      const preRun = [...(emscriptenOpts.preRun ?? []), (mod: { NODEFS: unknown }) => keepModesToOwner(mod.NODEFS as EmscriptenNodeFs)];
      return { emscriptenOpts: { ...emscriptenOpts, preRun } };
    }
  }
  return new OwnerOnlyNodeFS(folder);
}
