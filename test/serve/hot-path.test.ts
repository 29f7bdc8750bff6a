// The hot path's building blocks: work kept per snapshot and overlay.
import test from 'ava';
import type { Overlay } from '../../serve/overlay.ts';
import { SnapshotMemo, type MemoScope } from '../../serve/shape/memo.ts';
import type { Snapshot } from '../../serve/snapshot.ts';

function scope(snapshot: object, overlay: object): MemoScope {
  return { snapshot: snapshot as Snapshot, overlay: overlay as Overlay };
}

test('a memo builds once per key, snapshot and overlay; a new snapshot or overlay builds again', (t) => {
  const memo = new SnapshotMemo<string>(1_000, (value) => value.length);
  const [snapshotA, snapshotB, overlayA, overlayB] = [{}, {}, {}, {}];
  let builds = 0;
  const build = () => `value ${++builds}`;
  t.is(memo.get(scope(snapshotA, overlayA), 'k', build), 'value 1');
  t.is(memo.get(scope(snapshotA, overlayA), 'k', build), 'value 1');
  t.is(memo.get(scope(snapshotA, overlayA), 'other', build), 'value 2');
  t.is(memo.get(scope(snapshotA, overlayB), 'k', build), 'value 3', 'a re-read overlay starts afresh');
  t.is(memo.get(scope(snapshotB, overlayA), 'k', build), 'value 4', 'a new snapshot starts afresh');
  t.is(builds, 4);
});

test('a memo keeps within its size: the least recently used values are dropped', (t) => {
  const memo = new SnapshotMemo<string>(10, (value) => value.length);
  const at = scope({}, {});
  memo.get(at, 'a', () => 'aaaaaa');
  memo.get(at, 'b', () => 'bbbbbb');
  let rebuilt = false;
  memo.get(at, 'a', () => ((rebuilt = true), 'aaaaaa'));
  t.true(rebuilt);
});
