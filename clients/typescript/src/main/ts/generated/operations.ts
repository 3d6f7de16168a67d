// Generated from modules/api/src/main/resources/openapi.yaml by scripts/generate.mjs (npm run generate).
// Do not edit: change openapi.yaml and run the generator again.
import type { Body, CallOptions, PathParam, Query, Result } from '../types.js';

/** Every operation's method, path template, kind of answer and events in its body. */
export const ROUTES = {
  listBoards: { method: 'GET', path: '/v1/boards', answer: 'json' },
  getBoard: { method: 'GET', path: '/v1/boards/{board}', answer: 'json' },
  putBoard: { method: 'PUT', path: '/v1/boards/{board}', answer: 'json' },
  deleteBoard: { method: 'DELETE', path: '/v1/boards/{board}', answer: 'json' },
  submit: { method: 'POST', path: '/v1/boards/{board}/scores', answer: 'json', events: 'one' },
  submitBatch: { method: 'POST', path: '/v1/boards/{board}/scores/batch', answer: 'json', events: 'batch' },
  participants: { method: 'GET', path: '/v1/boards/{board}/participants', answer: 'json' },
  join: { method: 'POST', path: '/v1/boards/{board}/participants', answer: 'json' },
  userCohort: { method: 'GET', path: '/v1/boards/{board}/users/{userId}/cohort', answer: 'json' },
  cohort: { method: 'GET', path: '/v1/boards/{board}/cohorts/{cohort}', answer: 'json' },
  userBoards: { method: 'GET', path: '/v1/users/{userId}/boards', answer: 'json' },
  entries: { method: 'GET', path: '/v1/boards/{board}/entries', answer: 'json' },
  user: { method: 'GET', path: '/v1/boards/{board}/users/{userId}', answer: 'json' },
  removeEntry: { method: 'DELETE', path: '/v1/boards/{board}/users/{userId}', answer: 'json' },
  updateMeta: { method: 'PATCH', path: '/v1/boards/{board}/users/{userId}', answer: 'json' },
  around: { method: 'GET', path: '/v1/boards/{board}/users/{userId}/around', answer: 'json' },
  history: { method: 'GET', path: '/v1/boards/{board}/users/{userId}/history', answer: 'json' },
  ranks: { method: 'POST', path: '/v1/boards/{board}/ranks', answer: 'json' },
  histogram: { method: 'GET', path: '/v1/boards/{board}/histogram', answer: 'json' },
  scoreAtRank: { method: 'GET', path: '/v1/boards/{board}/ranks/{rank}', answer: 'json' },
  rankOfScore: { method: 'GET', path: '/v1/boards/{board}/rank-of', answer: 'json' },
  deliveries: { method: 'GET', path: '/v1/boards/{board}/deliveries', answer: 'json' },
  redeliver: { method: 'POST', path: '/v1/boards/{board}/deliveries/{period}/redeliver', answer: 'json' },
  streamTicket: { method: 'POST', path: '/v1/boards/{board}/stream-tickets', answer: 'json' },
  stream: { method: 'GET', path: '/v1/boards/{board}/stream', answer: 'stream' },
  periods: { method: 'GET', path: '/v1/boards/{board}/periods', answer: 'json' },
  closePeriod: { method: 'POST', path: '/v1/boards/{board}/periods/{period}/close', answer: 'json' },
  periodRewards: { method: 'GET', path: '/v1/boards/{board}/periods/{period}/rewards', answer: 'json' },
  friendBoard: { method: 'GET', path: '/v1/boards/{board}/users/{userId}/friends', answer: 'json' },
  friends: { method: 'GET', path: '/v1/users/{userId}/friends', answer: 'json' },
  importFriends: { method: 'POST', path: '/v1/users/{userId}/friends', answer: 'json' },
  addFriend: { method: 'PUT', path: '/v1/users/{userId}/friends/{friendId}', answer: 'json' },
  removeFriend: { method: 'DELETE', path: '/v1/users/{userId}/friends/{friendId}', answer: 'json' },
  moderatedUser: { method: 'GET', path: '/v1/users/{userId}', answer: 'json' },
  eraseUser: { method: 'DELETE', path: '/v1/users/{userId}', answer: 'json' },
  exportUser: { method: 'GET', path: '/v1/users/{userId}/export', answer: 'json' },
  getProfile: { method: 'GET', path: '/v1/users/{userId}/profile', answer: 'json' },
  putProfile: { method: 'PUT', path: '/v1/users/{userId}/profile', answer: 'json' },
  patchProfile: { method: 'PATCH', path: '/v1/users/{userId}/profile', answer: 'json' },
  resetDisplayName: { method: 'DELETE', path: '/v1/users/{userId}/profile/displayName', answer: 'json' },
  banUser: { method: 'PUT', path: '/v1/users/{userId}/ban', answer: 'json' },
  liftBan: { method: 'DELETE', path: '/v1/users/{userId}/ban', answer: 'json' },
  userRewards: { method: 'GET', path: '/v1/users/{userId}/rewards', answer: 'json' },
  claimReward: { method: 'POST', path: '/v1/users/{userId}/rewards/{rewardId}/claim', answer: 'json' },
  listLeagues: { method: 'GET', path: '/v1/leagues', answer: 'json' },
  getLeague: { method: 'GET', path: '/v1/leagues/{league}', answer: 'json' },
  putLeague: { method: 'PUT', path: '/v1/leagues/{league}', answer: 'json' },
  deleteLeague: { method: 'DELETE', path: '/v1/leagues/{league}', answer: 'json' },
  joinLeague: { method: 'POST', path: '/v1/leagues/{league}/members', answer: 'json' },
  submitLeague: { method: 'POST', path: '/v1/leagues/{league}/scores', answer: 'json', events: 'one' },
  submitLeagueBatch: { method: 'POST', path: '/v1/leagues/{league}/scores/batch', answer: 'json', events: 'batch' },
  leagueUser: { method: 'GET', path: '/v1/leagues/{league}/users/{userId}', answer: 'json' },
  closeLeague: { method: 'POST', path: '/v1/leagues/{league}/periods/{period}/close', answer: 'json' },
  leagueHistory: { method: 'GET', path: '/v1/leagues/{league}/users/{userId}/history', answer: 'json' },
  leagueTiers: { method: 'GET', path: '/v1/leagues/{league}/tiers', answer: 'json' },
  leagueCohort: { method: 'GET', path: '/v1/leagues/{league}/tiers/{tier}/cohorts/{cohort}', answer: 'json' },
  leaguePeriods: { method: 'GET', path: '/v1/leagues/{league}/periods', answer: 'json' },
  leagueMoves: { method: 'GET', path: '/v1/leagues/{league}/periods/{period}/moves', answer: 'json' },
  listKeys: { method: 'GET', path: '/v1/keys', answer: 'json' },
  createKey: { method: 'POST', path: '/v1/keys', answer: 'json' },
  revokeKey: { method: 'DELETE', path: '/v1/keys/{id}', answer: 'json' },
  listAudit: { method: 'GET', path: '/v1/audit', answer: 'json' },
  live: { method: 'GET', path: '/health/live', answer: 'json' },
  ready: { method: 'GET', path: '/health/ready', answer: 'json' },
  metrics: { method: 'GET', path: '/metrics', answer: 'text' },
  openApi: { method: 'GET', path: '/openapi.yaml', answer: 'text' },
} as const satisfies Record<string, Route>;

export interface Route {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  readonly path: string;
  readonly answer: 'json' | 'text' | 'stream';
  readonly events?: 'one' | 'batch';
}

export type OperationId = keyof typeof ROUTES;

/** One method per operation (but the live stream), each sending its request through {@link call}. */
export abstract class Operations {
  protected abstract call(operation: OperationId, path: Record<string, string | number>, body: unknown,
    query: object | undefined, options: CallOptions | undefined): Promise<unknown>;

  /** GET /v1/boards: List all boards, sorted by name */
  listBoards(options?: CallOptions): Promise<Result<'listBoards', 200>> {
    return this.call('listBoards', {  }, undefined, undefined, options) as Promise<Result<'listBoards', 200>>;
  }

  /** GET /v1/boards/{board}: A board's definition with its derived limits */
  getBoard(board: PathParam<'getBoard', 'board'>, options?: CallOptions): Promise<Result<'getBoard', 200>> {
    return this.call('getBoard', { board }, undefined, undefined, options) as Promise<Result<'getBoard', 200>>;
  }

  /** PUT /v1/boards/{board}: Create a board, or update the fields of an existing one that may change */
  putBoard(board: PathParam<'putBoard', 'board'>, body: Body<'putBoard'>, options?: CallOptions): Promise<Result<'putBoard', 200 | 201>> {
    return this.call('putBoard', { board }, body, undefined, options) as Promise<Result<'putBoard', 200 | 201>>;
  }

  /** DELETE /v1/boards/{board}: Delete a board with all its scores and archived periods */
  deleteBoard(board: PathParam<'deleteBoard', 'board'>, options?: CallOptions): Promise<Result<'deleteBoard', 200>> {
    return this.call('deleteBoard', { board }, undefined, undefined, options) as Promise<Result<'deleteBoard', 200>>;
  }

  /** POST /v1/boards/{board}/scores: Submit one score event */
  submit(board: PathParam<'submit', 'board'>, body: Body<'submit'>, query?: Query<'submit'>, options?: CallOptions): Promise<Result<'submit', 200>> {
    return this.call('submit', { board }, body, query, options) as Promise<Result<'submit', 200>>;
  }

  /** POST /v1/boards/{board}/scores/batch: Submit up to 1,000 score events */
  submitBatch(board: PathParam<'submitBatch', 'board'>, body: Body<'submitBatch'>, options?: CallOptions): Promise<Result<'submitBatch', 200>> {
    return this.call('submitBatch', { board }, body, undefined, options) as Promise<Result<'submitBatch', 200>>;
  }

  /** GET /v1/boards/{board}/participants: The period's participants in join order */
  participants(board: PathParam<'participants', 'board'>, query?: Query<'participants'>, options?: CallOptions): Promise<Result<'participants', 200>> {
    return this.call('participants', { board }, undefined, query, options) as Promise<Result<'participants', 200>>;
  }

  /** POST /v1/boards/{board}/participants: Join the board's current period */
  join(board: PathParam<'join', 'board'>, body: Body<'join'>, options?: CallOptions): Promise<Result<'join', 200 | 201>> {
    return this.call('join', { board }, body, undefined, options) as Promise<Result<'join', 200 | 201>>;
  }

  /** GET /v1/boards/{board}/users/{userId}/cohort: The user's cohort, ranked within itself */
  userCohort(board: PathParam<'userCohort', 'board'>, userId: PathParam<'userCohort', 'userId'>, query?: Query<'userCohort'>, options?: CallOptions): Promise<Result<'userCohort', 200>> {
    return this.call('userCohort', { board, userId }, undefined, query, options) as Promise<Result<'userCohort', 200>>;
  }

  /** GET /v1/boards/{board}/cohorts/{cohort}: A cohort by its ID, ranked within itself */
  cohort(board: PathParam<'cohort', 'board'>, cohort: PathParam<'cohort', 'cohort'>, query?: Query<'cohort'>, options?: CallOptions): Promise<Result<'cohort', 200>> {
    return this.call('cohort', { board, cohort }, undefined, query, options) as Promise<Result<'cohort', 200>>;
  }

  /** GET /v1/users/{userId}/boards: The boards the user takes part in now */
  userBoards(userId: PathParam<'userBoards', 'userId'>, options?: CallOptions): Promise<Result<'userBoards', 200>> {
    return this.call('userBoards', { userId }, undefined, undefined, options) as Promise<Result<'userBoards', 200>>;
  }

  /** GET /v1/boards/{board}/entries: A page of the board in rank order */
  entries(board: PathParam<'entries', 'board'>, query?: Query<'entries'>, options?: CallOptions): Promise<Result<'entries', 200>> {
    return this.call('entries', { board }, undefined, query, options) as Promise<Result<'entries', 200>>;
  }

  /** GET /v1/boards/{board}/users/{userId}: One user's entry with their global rank */
  user(board: PathParam<'user', 'board'>, userId: PathParam<'user', 'userId'>, query?: Query<'user'>, options?: CallOptions): Promise<Result<'user', 200>> {
    return this.call('user', { board, userId }, undefined, query, options) as Promise<Result<'user', 200>>;
  }

  /** DELETE /v1/boards/{board}/users/{userId}: Remove one user's entry from one live period */
  removeEntry(board: PathParam<'removeEntry', 'board'>, userId: PathParam<'removeEntry', 'userId'>, query?: Query<'removeEntry'>, options?: CallOptions): Promise<Result<'removeEntry', 200>> {
    return this.call('removeEntry', { board, userId }, undefined, query, options) as Promise<Result<'removeEntry', 200>>;
  }

  /** PATCH /v1/boards/{board}/users/{userId}: Replace the metadata of a user's entry */
  updateMeta(board: PathParam<'updateMeta', 'board'>, userId: PathParam<'updateMeta', 'userId'>, body: Body<'updateMeta'>, query?: Query<'updateMeta'>, options?: CallOptions): Promise<Result<'updateMeta', 200>> {
    return this.call('updateMeta', { board, userId }, body, query, options) as Promise<Result<'updateMeta', 200>>;
  }

  /** GET /v1/boards/{board}/users/{userId}/around: Entries centred on the user (as centred as the board's ends allow) */
  around(board: PathParam<'around', 'board'>, userId: PathParam<'around', 'userId'>, query?: Query<'around'>, options?: CallOptions): Promise<Result<'around', 200>> {
    return this.call('around', { board, userId }, undefined, query, options) as Promise<Result<'around', 200>>;
  }

  /** GET /v1/boards/{board}/users/{userId}/history: The user's standing in the current period and in each archived one, newest first */
  history(board: PathParam<'history', 'board'>, userId: PathParam<'history', 'userId'>, query?: Query<'history'>, options?: CallOptions): Promise<Result<'history', 200>> {
    return this.call('history', { board, userId }, undefined, query, options) as Promise<Result<'history', 200>>;
  }

  /** POST /v1/boards/{board}/ranks: The entries of a list of users, in board order, with global ranks */
  ranks(board: PathParam<'ranks', 'board'>, body: Body<'ranks'>, query?: Query<'ranks'>, options?: CallOptions): Promise<Result<'ranks', 200>> {
    return this.call('ranks', { board }, body, query, options) as Promise<Result<'ranks', 200>>;
  }

  /** GET /v1/boards/{board}/histogram: How the scores of a live period are distributed */
  histogram(board: PathParam<'histogram', 'board'>, query?: Query<'histogram'>, options?: CallOptions): Promise<Result<'histogram', 200>> {
    return this.call('histogram', { board }, undefined, query, options) as Promise<Result<'histogram', 200>>;
  }

  /** GET /v1/boards/{board}/ranks/{rank}: The score a rank needs */
  scoreAtRank(board: PathParam<'scoreAtRank', 'board'>, rank: PathParam<'scoreAtRank', 'rank'>, query?: Query<'scoreAtRank'>, options?: CallOptions): Promise<Result<'scoreAtRank', 200>> {
    return this.call('scoreAtRank', { board, rank }, undefined, query, options) as Promise<Result<'scoreAtRank', 200>>;
  }

  /** GET /v1/boards/{board}/rank-of: The rank a score would get now, without submitting it */
  rankOfScore(board: PathParam<'rankOfScore', 'board'>, query?: Query<'rankOfScore'>, options?: CallOptions): Promise<Result<'rankOfScore', 200>> {
    return this.call('rankOfScore', { board }, undefined, query, options) as Promise<Result<'rankOfScore', 200>>;
  }

  /** GET /v1/boards/{board}/deliveries: The webhook deliveries of the board's archived periods, newest period first */
  deliveries(board: PathParam<'deliveries', 'board'>, options?: CallOptions): Promise<Result<'deliveries', 200>> {
    return this.call('deliveries', { board }, undefined, undefined, options) as Promise<Result<'deliveries', 200>>;
  }

  /** POST /v1/boards/{board}/deliveries/{period}/redeliver: Send a period's webhook again now */
  redeliver(board: PathParam<'redeliver', 'board'>, period: PathParam<'redeliver', 'period'>, options?: CallOptions): Promise<Result<'redeliver', 202>> {
    return this.call('redeliver', { board, period }, undefined, undefined, options) as Promise<Result<'redeliver', 202>>;
  }

  /** POST /v1/boards/{board}/stream-tickets: A single-use ticket that opens one live stream of the board */
  streamTicket(board: PathParam<'streamTicket', 'board'>, options?: CallOptions): Promise<Result<'streamTicket', 201>> {
    return this.call('streamTicket', { board }, undefined, undefined, options) as Promise<Result<'streamTicket', 201>>;
  }

  /** GET /v1/boards/{board}/periods: The board's periods, newest first (hot ones from Redis, older ones from the archive) */
  periods(board: PathParam<'periods', 'board'>, options?: CallOptions): Promise<Result<'periods', 200>> {
    return this.call('periods', { board }, undefined, undefined, options) as Promise<Result<'periods', 200>>;
  }

  /** POST /v1/boards/{board}/periods/{period}/close: Close a period now (also the current one, e.g. to end a contest early) */
  closePeriod(board: PathParam<'closePeriod', 'board'>, period: PathParam<'closePeriod', 'period'>, options?: CallOptions): Promise<Result<'closePeriod', 200>> {
    return this.call('closePeriod', { board, period }, undefined, undefined, options) as Promise<Result<'closePeriod', 200>>;
  }

  /** GET /v1/boards/{board}/periods/{period}/rewards: The rewards a closed period recorded, best rank first */
  periodRewards(board: PathParam<'periodRewards', 'board'>, period: PathParam<'periodRewards', 'period'>, query?: Query<'periodRewards'>, options?: CallOptions): Promise<Result<'periodRewards', 200>> {
    return this.call('periodRewards', { board, period }, undefined, query, options) as Promise<Result<'periodRewards', 200>>;
  }

  /** GET /v1/boards/{board}/users/{userId}/friends: The board among the user and their friends, ranked within that group */
  friendBoard(board: PathParam<'friendBoard', 'board'>, userId: PathParam<'friendBoard', 'userId'>, query?: Query<'friendBoard'>, options?: CallOptions): Promise<Result<'friendBoard', 200>> {
    return this.call('friendBoard', { board, userId }, undefined, query, options) as Promise<Result<'friendBoard', 200>>;
  }

  /** GET /v1/users/{userId}/friends: The user's friends */
  friends(userId: PathParam<'friends', 'userId'>, options?: CallOptions): Promise<Result<'friends', 200>> {
    return this.call('friends', { userId }, undefined, undefined, options) as Promise<Result<'friends', 200>>;
  }

  /** POST /v1/users/{userId}/friends: Make each of a list of users a friend of the user (both ways) */
  importFriends(userId: PathParam<'importFriends', 'userId'>, body: Body<'importFriends'>, options?: CallOptions): Promise<Result<'importFriends', 200>> {
    return this.call('importFriends', { userId }, body, undefined, options) as Promise<Result<'importFriends', 200>>;
  }

  /** PUT /v1/users/{userId}/friends/{friendId}: Make the two users friends of each other */
  addFriend(userId: PathParam<'addFriend', 'userId'>, friendId: PathParam<'addFriend', 'friendId'>, options?: CallOptions): Promise<Result<'addFriend', 200 | 201>> {
    return this.call('addFriend', { userId, friendId }, undefined, undefined, options) as Promise<Result<'addFriend', 200 | 201>>;
  }

  /** DELETE /v1/users/{userId}/friends/{friendId}: End the friendship both ways (idempotent) */
  removeFriend(userId: PathParam<'removeFriend', 'userId'>, friendId: PathParam<'removeFriend', 'friendId'>, options?: CallOptions): Promise<Result<'removeFriend', 200>> {
    return this.call('removeFriend', { userId, friendId }, undefined, undefined, options) as Promise<Result<'removeFriend', 200>>;
  }

  /** GET /v1/users/{userId}: A user's ban and entries on every live board period */
  moderatedUser(userId: PathParam<'moderatedUser', 'userId'>, options?: CallOptions): Promise<Result<'moderatedUser', 200>> {
    return this.call('moderatedUser', { userId }, undefined, undefined, options) as Promise<Result<'moderatedUser', 200>>;
  }

  /** DELETE /v1/users/{userId}: Erase a user everywhere (right to be forgotten) */
  eraseUser(userId: PathParam<'eraseUser', 'userId'>, options?: CallOptions): Promise<Result<'eraseUser', 200>> {
    return this.call('eraseUser', { userId }, undefined, undefined, options) as Promise<Result<'eraseUser', 200>>;
  }

  /** GET /v1/users/{userId}/export: Everything the service holds about a user, as one document */
  exportUser(userId: PathParam<'exportUser', 'userId'>, options?: CallOptions): Promise<Result<'exportUser', 200>> {
    return this.call('exportUser', { userId }, undefined, undefined, options) as Promise<Result<'exportUser', 200>>;
  }

  /** GET /v1/users/{userId}/profile: A player's profile */
  getProfile(userId: PathParam<'getProfile', 'userId'>, options?: CallOptions): Promise<Result<'getProfile', 200>> {
    return this.call('getProfile', { userId }, undefined, undefined, options) as Promise<Result<'getProfile', 200>>;
  }

  /** PUT /v1/users/{userId}/profile: Replace a player's profile (create it) */
  putProfile(userId: PathParam<'putProfile', 'userId'>, body: Body<'putProfile'>, options?: CallOptions): Promise<Result<'putProfile', 200>> {
    return this.call('putProfile', { userId }, body, undefined, options) as Promise<Result<'putProfile', 200>>;
  }

  /** PATCH /v1/users/{userId}/profile: Change fields of a player's profile */
  patchProfile(userId: PathParam<'patchProfile', 'userId'>, body: Body<'patchProfile'>, options?: CallOptions): Promise<Result<'patchProfile', 200>> {
    return this.call('patchProfile', { userId }, body, undefined, options) as Promise<Result<'patchProfile', 200>>;
  }

  /** DELETE /v1/users/{userId}/profile/displayName: Reset a player's display name (moderation) */
  resetDisplayName(userId: PathParam<'resetDisplayName', 'userId'>, options?: CallOptions): Promise<Result<'resetDisplayName', 200>> {
    return this.call('resetDisplayName', { userId }, undefined, undefined, options) as Promise<Result<'resetDisplayName', 200>>;
  }

  /** PUT /v1/users/{userId}/ban: Ban a user from every board */
  banUser(userId: PathParam<'banUser', 'userId'>, body: Body<'banUser'>, options?: CallOptions): Promise<Result<'banUser', 200>> {
    return this.call('banUser', { userId }, body, undefined, options) as Promise<Result<'banUser', 200>>;
  }

  /** DELETE /v1/users/{userId}/ban: Lift a user's ban */
  liftBan(userId: PathParam<'liftBan', 'userId'>, body?: Body<'liftBan'>, options?: CallOptions): Promise<Result<'liftBan', 200>> {
    return this.call('liftBan', { userId }, body, undefined, options) as Promise<Result<'liftBan', 200>>;
  }

  /** GET /v1/users/{userId}/rewards: The user's rewards of closed periods, newest first */
  userRewards(userId: PathParam<'userRewards', 'userId'>, query?: Query<'userRewards'>, options?: CallOptions): Promise<Result<'userRewards', 200>> {
    return this.call('userRewards', { userId }, undefined, query, options) as Promise<Result<'userRewards', 200>>;
  }

  /** POST /v1/users/{userId}/rewards/{rewardId}/claim: Claim one of the user's rewards, once */
  claimReward(userId: PathParam<'claimReward', 'userId'>, rewardId: PathParam<'claimReward', 'rewardId'>, options?: CallOptions): Promise<Result<'claimReward', 200>> {
    return this.call('claimReward', { userId, rewardId }, undefined, undefined, options) as Promise<Result<'claimReward', 200>>;
  }

  /** GET /v1/leagues: List all leagues, sorted by name */
  listLeagues(options?: CallOptions): Promise<Result<'listLeagues', 200>> {
    return this.call('listLeagues', {  }, undefined, undefined, options) as Promise<Result<'listLeagues', 200>>;
  }

  /** GET /v1/leagues/{league}: A league's definition */
  getLeague(league: PathParam<'getLeague', 'league'>, options?: CallOptions): Promise<Result<'getLeague', 200>> {
    return this.call('getLeague', { league }, undefined, undefined, options) as Promise<Result<'getLeague', 200>>;
  }

  /** PUT /v1/leagues/{league}: Create a league, or update the fields of an existing one that may change */
  putLeague(league: PathParam<'putLeague', 'league'>, body: Body<'putLeague'>, options?: CallOptions): Promise<Result<'putLeague', 200 | 201>> {
    return this.call('putLeague', { league }, body, undefined, options) as Promise<Result<'putLeague', 200 | 201>>;
  }

  /** DELETE /v1/leagues/{league}: Delete a league, its members and its tier boards with all their scores and archived periods */
  deleteLeague(league: PathParam<'deleteLeague', 'league'>, options?: CallOptions): Promise<Result<'deleteLeague', 200>> {
    return this.call('deleteLeague', { league }, undefined, undefined, options) as Promise<Result<'deleteLeague', 200>>;
  }

  /** POST /v1/leagues/{league}/members: Make a user a member of the league */
  joinLeague(league: PathParam<'joinLeague', 'league'>, body: Body<'joinLeague'>, options?: CallOptions): Promise<Result<'joinLeague', 200 | 201>> {
    return this.call('joinLeague', { league }, body, undefined, options) as Promise<Result<'joinLeague', 200 | 201>>;
  }

  /** POST /v1/leagues/{league}/scores: Submit one score event on the member's tier */
  submitLeague(league: PathParam<'submitLeague', 'league'>, body: Body<'submitLeague'>, options?: CallOptions): Promise<Result<'submitLeague', 200>> {
    return this.call('submitLeague', { league }, body, undefined, options) as Promise<Result<'submitLeague', 200>>;
  }

  /** POST /v1/leagues/{league}/scores/batch: Submit up to 1,000 score events, each on its member's tier */
  submitLeagueBatch(league: PathParam<'submitLeagueBatch', 'league'>, body: Body<'submitLeagueBatch'>, options?: CallOptions): Promise<Result<'submitLeagueBatch', 200>> {
    return this.call('submitLeagueBatch', { league }, body, undefined, options) as Promise<Result<'submitLeagueBatch', 200>>;
  }

  /** GET /v1/leagues/{league}/users/{userId}: A member's tier, cohort, rank in it and zone in a period */
  leagueUser(league: PathParam<'leagueUser', 'league'>, userId: PathParam<'leagueUser', 'userId'>, query?: Query<'leagueUser'>, options?: CallOptions): Promise<Result<'leagueUser', 200>> {
    return this.call('leagueUser', { league, userId }, undefined, query, options) as Promise<Result<'leagueUser', 200>>;
  }

  /** POST /v1/leagues/{league}/periods/{period}/close: Close a league's period now and move its members */
  closeLeague(league: PathParam<'closeLeague', 'league'>, period: PathParam<'closeLeague', 'period'>, options?: CallOptions): Promise<Result<'closeLeague', 200>> {
    return this.call('closeLeague', { league, period }, undefined, undefined, options) as Promise<Result<'closeLeague', 200>>;
  }

  /** GET /v1/leagues/{league}/users/{userId}/history: A member's closed league periods, newest first */
  leagueHistory(league: PathParam<'leagueHistory', 'league'>, userId: PathParam<'leagueHistory', 'userId'>, query?: Query<'leagueHistory'>, options?: CallOptions): Promise<Result<'leagueHistory', 200>> {
    return this.call('leagueHistory', { league, userId }, undefined, query, options) as Promise<Result<'leagueHistory', 200>>;
  }

  /** GET /v1/leagues/{league}/tiers: A league's tiers in a period, lowest first, with their members and cohorts */
  leagueTiers(league: PathParam<'leagueTiers', 'league'>, query?: Query<'leagueTiers'>, options?: CallOptions): Promise<Result<'leagueTiers', 200>> {
    return this.call('leagueTiers', { league }, undefined, query, options) as Promise<Result<'leagueTiers', 200>>;
  }

  /** GET /v1/leagues/{league}/tiers/{tier}/cohorts/{cohort}: A cohort of a tier, ranked within itself, with each member's zone */
  leagueCohort(league: PathParam<'leagueCohort', 'league'>, tier: PathParam<'leagueCohort', 'tier'>, cohort: PathParam<'leagueCohort', 'cohort'>, query?: Query<'leagueCohort'>, options?: CallOptions): Promise<Result<'leagueCohort', 200>> {
    return this.call('leagueCohort', { league, tier, cohort }, undefined, query, options) as Promise<Result<'leagueCohort', 200>>;
  }

  /** GET /v1/leagues/{league}/periods: A league's closed periods, newest first, with their moves counted */
  leaguePeriods(league: PathParam<'leaguePeriods', 'league'>, query?: Query<'leaguePeriods'>, options?: CallOptions): Promise<Result<'leaguePeriods', 200>> {
    return this.call('leaguePeriods', { league }, undefined, query, options) as Promise<Result<'leaguePeriods', 200>>;
  }

  /** GET /v1/leagues/{league}/periods/{period}/moves: A closed period's moves, a page at a time */
  leagueMoves(league: PathParam<'leagueMoves', 'league'>, period: PathParam<'leagueMoves', 'period'>, query?: Query<'leagueMoves'>, options?: CallOptions): Promise<Result<'leagueMoves', 200>> {
    return this.call('leagueMoves', { league, period }, undefined, query, options) as Promise<Result<'leagueMoves', 200>>;
  }

  /** GET /v1/keys: Every API key's record (never the key or its hash), by name */
  listKeys(options?: CallOptions): Promise<Result<'listKeys', 200>> {
    return this.call('listKeys', {  }, undefined, undefined, options) as Promise<Result<'listKeys', 200>>;
  }

  /** POST /v1/keys: Create an API key; the answer carries the key, once */
  createKey(body: Body<'createKey'>, options?: CallOptions): Promise<Result<'createKey', 201>> {
    return this.call('createKey', {  }, body, undefined, options) as Promise<Result<'createKey', 201>>;
  }

  /** DELETE /v1/keys/{id}: Revoke an API key on every node (within a second) */
  revokeKey(id: PathParam<'revokeKey', 'id'>, options?: CallOptions): Promise<Result<'revokeKey', 200>> {
    return this.call('revokeKey', { id }, undefined, undefined, options) as Promise<Result<'revokeKey', 200>>;
  }

  /** GET /v1/audit: The audit log of admin actions, newest first */
  listAudit(query?: Query<'listAudit'>, options?: CallOptions): Promise<Result<'listAudit', 200>> {
    return this.call('listAudit', {  }, undefined, query, options) as Promise<Result<'listAudit', 200>>;
  }

  /** GET /health/live: Liveness: 200 while the process serves HTTP */
  live(options?: CallOptions): Promise<Result<'live', 200>> {
    return this.call('live', {  }, undefined, undefined, options) as Promise<Result<'live', 200>>;
  }

  /** GET /health/ready: Readiness: every Redis shard answers PING, the cluster is joined, the service has loaded its boards */
  ready(options?: CallOptions): Promise<Result<'ready', 200>> {
    return this.call('ready', {  }, undefined, undefined, options) as Promise<Result<'ready', 200>>;
  }

  /** GET /metrics: Metrics in the Prometheus text format */
  metrics(options?: CallOptions): Promise<Result<'metrics', 200>> {
    return this.call('metrics', {  }, undefined, undefined, options) as Promise<Result<'metrics', 200>>;
  }

  /** GET /openapi.yaml: This document */
  openApi(options?: CallOptions): Promise<Result<'openApi', 200>> {
    return this.call('openApi', {  }, undefined, undefined, options) as Promise<Result<'openApi', 200>>;
  }
}
