import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths';
import { SHOP_NODE_ARGS } from './start-command';

describe('the one way the shop is started', () => {
  it('is what npm start runs', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`node ${SHOP_NODE_ARGS.join(' ')}`);
  });

  it('is what the systemd unit runs', () => {
    const unit = fs.readFileSync(path.join(projectRoot, 'deploy', 'flag-shop@.service'), 'utf8');
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/node ${SHOP_NODE_ARGS.join(' ')}$`, 'm'));
  });
});
