import assert from 'node:assert/strict';
import { LeaderboardClient, LeaderboardError } from '../../main/ts/index.js';
import { admin, nodes, nodeTest, playerToken, unique } from './nodes.js';

async function refused(call: Promise<unknown>): Promise<LeaderboardError> {
  try {
    await call;
  } catch (e) {
    assert.ok(e instanceof LeaderboardError, `a LeaderboardError, not ${e}`);
    return e;
  }
  assert.fail('the call was not refused');
}

nodeTest('boards, scores and reads round trip with their types', async () => {
  const lb = admin();
  const board = unique('ts-reads');
  const created = await lb.putBoard(board, { operator: 'best', maxScore: 1_000_000 });
  assert.equal(created.board, board);
  assert.equal((await lb.getBoard(board)).operator, 'best');
  assert.ok((await lb.listBoards()).boards.some((b) => b.board === board));

  const first = await lb.submit(board, { userId: 'ada', value: 300, eventId: 'e1' });
  assert.deepEqual([first.applied, first.score, first.rank], [true, 300, 1]);
  const again = await lb.submit(board, { userId: 'ada', value: 300, eventId: 'e1' });
  assert.equal(again.applied, false, 'the same eventId is not applied twice');
  const batch = await lb.submitBatch(board, {
    events: [{ userId: 'bob', value: 500 }, { userId: 'cy', value: 100 }, { userId: 'dan', value: 200 }],
  });
  assert.deepEqual([batch.applied, batch.rejected, batch.failed], [3, 0, 0]);

  const page = await lb.entries(board, { limit: 3 });
  assert.deepEqual(page.entries.map((e) => [e.rank, e.userId, e.score]), [[1, 'bob', 500], [2, 'ada', 300], [3, 'dan', 200]]);
  assert.equal(page.total, 4);
  const ada = await lb.user(board, 'ada');
  assert.deepEqual([ada.rank, ada.score], [2, 300]);
  const around = await lb.around(board, 'dan', { limit: 3 });
  assert.deepEqual(around.entries.map((e) => e.userId), ['ada', 'dan', 'cy']);
  const ranks = await lb.ranks(board, { userIds: ['cy', 'nobody'] });
  assert.deepEqual(ranks.entries.map((e) => [e.userId, e.rank]), [['cy', 4]]);
  assert.deepEqual(ranks.missing, ['nobody']);
  const histogram = await lb.histogram(board, { buckets: 2 });
  assert.equal(histogram.buckets.reduce((n, b) => n + b.count, 0), 4);
  const second = await lb.scoreAtRank(board, 2, { userId: 'dan' });
  assert.deepEqual([second.entry?.userId, second.score, second.needed, second.user?.toReach], ['ada', 300, 301, 101]);
  assert.equal((await lb.rankOfScore(board, { score: 400 })).rank, 2);
  assert.equal((await lb.periods(board)).periods.length, 1);
  assert.equal((await lb.updateMeta(board, 'ada', { meta: { name: 'Ada' } })).userId, 'ada');
  assert.deepEqual((await lb.user(board, 'ada')).meta, { name: 'Ada' });
  await lb.removeEntry(board, 'cy');
  assert.equal((await lb.entries(board)).total, 3);

  assert.deepEqual(await lb.deleteBoard(board), { board, deleted: true });
  const gone = await refused(lb.getBoard(board));
  assert.deepEqual([gone.status, gone.code], [404, 'board_not_found']);
});

nodeTest('each batch event without an eventId gets its own', async () => {
  const lb = admin();
  const board = unique('ts-incr');
  await lb.putBoard(board, { operator: 'incr' });
  // two equal events of one user: with one shared or no eventId the second would be a duplicate
  const batch = await lb.submitBatch(board, { events: [{ userId: 'u', value: 5 }, { userId: 'u', value: 5 }] });
  assert.deepEqual([batch.applied, batch.duplicate], [2, 0]);
  assert.equal((await lb.user(board, 'u')).score, 10);
  await lb.deleteBoard(board);
});

nodeTest('bad input is a LeaderboardError with status, code, field and message', async () => {
  const lb = admin();
  const board = unique('ts-bad');
  await lb.putBoard(board, {});
  const limit = await refused(lb.entries(board, { limit: 0 }));
  assert.deepEqual([limit.status, limit.code, limit.field], [400, 'invalid_field', 'limit']);
  assert.match(limit.message, /limit/);
  const value = await refused(lb.submit(board, { userId: 'u', value: 'many' as unknown as number }));
  assert.deepEqual([value.status, value.code, value.field], [400, 'invalid_field', 'value']);
  assert.equal((await lb.entries(board)).total, 0, 'nothing changed');
  await lb.deleteBoard(board);
});

nodeTest('friends and a friend board', async () => {
  const lb = admin();
  const board = unique('ts-friends');
  const me = unique('me');
  await lb.putBoard(board, {});
  await lb.submitBatch(board, { events: [{ userId: me, value: 10 }, { userId: 'f1', value: 30 }, { userId: 'f2', value: 20 }, { userId: 'x', value: 99 }] });
  const imported = await lb.importFriends(me, { friendIds: ['f1'] });
  assert.equal(imported.added, 1);
  await lb.addFriend(me, 'f2');
  assert.deepEqual((await lb.friends(me)).friends.sort(), ['f1', 'f2']);
  const friendBoard = await lb.friendBoard(board, me);
  assert.deepEqual(friendBoard.entries.map((e) => [e.rank, e.userId]), [[1, 'f1'], [2, 'f2'], [3, me]]);
  await lb.removeFriend(me, 'f2');
  assert.deepEqual((await lb.friends(me)).friends, ['f1']);
  await lb.deleteBoard(board);
});

nodeTest('competitions: join, participants, a user\'s boards', async () => {
  const lb = admin();
  const board = unique('ts-comp');
  await lb.putBoard(board, { joinRequired: true });
  const joined = await lb.join(board, { userId: 'p1' });
  assert.equal(joined.userId, 'p1');
  const participants = await lb.participants(board);
  assert.deepEqual(participants.participants.map((p) => p.userId), ['p1']);
  assert.ok((await lb.userBoards('p1')).boards.some((b) => b.board === board));
  await lb.deleteBoard(board);
});

nodeTest('leagues: define, join, submit on the tier, standing', async () => {
  const lb = admin();
  const league = unique('ts-league');
  await lb.putLeague(league, { tiers: ['bronze', 'silver'], cohortSize: 10, promote: 1, relegate: 1, period: 'weekly' });
  assert.equal((await lb.getLeague(league)).league, league);
  assert.ok((await lb.listLeagues()).leagues.some((l) => l.league === league));
  assert.equal((await lb.joinLeague(league, { userId: 'm1' })).tier, 'bronze');
  const standing = await lb.submitLeague(league, { userId: 'm1', value: 42 });
  assert.deepEqual([standing.tier, standing.score, standing.rank], ['bronze', 42, 1]);
  assert.equal((await lb.leagueUser(league, 'm1')).tier, 'bronze');
  assert.equal((await lb.deleteLeague(league)).deleted, true);
});

nodeTest('keys, moderation, audit and the operations routes', async () => {
  const lb = admin();
  const board = unique('ts-admin');
  await lb.putBoard(board, {});
  const key = await lb.createKey({ name: 'reader', scopes: ['read'] });
  assert.ok((await lb.listKeys()).keys.some((k) => k.id === key.id));
  const reader = new LeaderboardClient({ baseUrl: nodes.url, apiKey: key.key });
  assert.equal((await reader.entries(board)).total, 0);
  const forbidden = await refused(reader.submit(board, { userId: 'u', value: 1 }));
  assert.deepEqual([forbidden.status, forbidden.code], [403, 'forbidden']);
  await lb.revokeKey(key.id);
  const revoked = await refused(reader.entries(board));
  assert.deepEqual([revoked.status, revoked.code], [401, 'unauthenticated']);

  const cheat = unique('cheat');
  await lb.submit(board, { userId: cheat, value: 7 });
  assert.equal((await lb.banUser(cheat, { reason: 'impossible scores' })).banned, true);
  assert.equal((await lb.moderatedUser(cheat)).banned, true);
  const banned = await refused(lb.submit(board, { userId: cheat, value: 8 }));
  assert.deepEqual([banned.status, banned.code], [403, 'banned']);
  assert.equal((await lb.liftBan(cheat)).userId, cheat);
  assert.equal((await lb.user(board, cheat)).score, 7);
  assert.ok((await lb.listAudit({ board })).entries.length > 0);

  assert.equal((await lb.live()).status, 'UP');
  assert.equal((await lb.ready()).status, 'UP');
  assert.match(await lb.openApi(), /^openapi: 3/);
  assert.match(await lb.metrics(), /# TYPE/);
  await lb.deleteBoard(board);
});

nodeTest('a player token reads and changes only its own user\'s friends', async () => {
  const me = unique('player');
  const player = new LeaderboardClient({ baseUrl: nodes.url, playerToken: () => playerToken(me) });
  await player.addFriend(me, 'pal');
  assert.deepEqual((await player.friends(me)).friends, ['pal']);
  const other = await refused(player.friends('someone-else'));
  assert.deepEqual([other.status, other.code], [403, 'forbidden']);
});
