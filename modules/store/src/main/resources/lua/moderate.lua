-- Moderates one user on one partition of a board period, atomically, keeping the dense index.
--
-- The contract with the Java side (ModerationStore), checked by LuaContractTest:
-- KEYS[1] scores: sorted set of the partition: member = user ID, score = composite
-- KEYS[2] distinct: sorted set of the distinct scores in the partition (dense ranks)
-- KEYS[3] scoreCounts: hash: score -> number of members holding it
-- KEYS[4] closed: present when the period is closed (frozen for its final ranking)
-- KEYS[5] banned: set of the partition's banned users (the submit script refuses their events)
-- KEYS[6] stash: hash of the partition's stash: banned user ID -> the entry the user held, as stored
--         (the composite, or tie .. score on the wide layout)
-- KEYS[7] metas: hash: user ID -> the entry's metadata (removed with the entry by 'remove' and 'erase')
-- KEYS[8] users: wide layout: the user's bucket of the user map (user ID -> tie .. score)
-- ARGV[1] op: ban, lift, remove, erase or unmark (below)
-- ARGV[2] user: the user ID
-- ARGV[3] scale: 2^timeBits; 1 on the wide layout
-- ARGV[4] dense: 1|0: keep the index of KEYS[2] and KEYS[3]
-- ARGV[5] wide: 1|0
--
-- Returns {status, entry}, the entry '' when none:
-- status CHANGED = 1: moved, restored or removed the entry
-- status FROM_STASH = 2: removed the entry from the stash ('remove')
-- status NONE = 0: nothing to move, restore or remove
-- status CLOSED = -3: the period is closed ('remove')
-- Entries are answered as stored: the composite, or tie .. score on the wide layout.
--
-- op 'ban'    marks the user banned and moves the entry, if any, into the stash.
--             Returns {1 moved | 0 nothing to move, composite or ''}.
-- op 'lift'   unmarks the user and moves the stashed entry back, unless the period is closed (then
--             the stash is dropped) or the user holds an entry (it stands).
--             Returns {1 restored | 0 nothing restored, composite or ''}.
-- op 'remove' removes the entry (or the stashed one) unless the period is closed.
--             Returns {1 removed | 2 removed from the stash | 0 absent | -3 closed, composite or ''}.
-- op 'erase'  marks the user banned (so no racing event lands while the erasure runs) and removes
--             the entry and the stashed one, closed or not. Returns {1 removed | 0 absent, composite or ''}.
-- op 'unmark' unmarks the user. Returns {1, ''}.
-- Every op is idempotent: running it again changes nothing more.
local scores, distinct, scoreCounts, closed, banned, stash, metas, users =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local op, user = ARGV[1], ARGV[2]
local scale = tonumber(ARGV[3])
local dense = ARGV[4] == '1'
local wide = ARGV[5] == '1'

-- a stored entry's Redis score and member
local function place(c)
  if wide then
    local cut = string.find(c, '|', 1, true)
    return string.sub(c, cut + 1), string.sub(c, 1, cut) .. user
  end
  return c, user
end

local function count(composite, by)
  if not dense then
    return
  end
  local s = string.format('%.0f', math.floor(tonumber((place(composite))) / scale))
  local n = redis.call('HINCRBY', scoreCounts, s, by)
  if by < 0 and n <= 0 then
    redis.call('HDEL', scoreCounts, s)
    redis.call('ZREM', distinct, s)
  elseif by > 0 and n == 1 then
    redis.call('ZADD', distinct, s, s)
  end
end

-- the user's entry as stored, or nil
local function find()
  if wide then
    return redis.call('HGET', users, user)
  end
  return redis.call('ZSCORE', scores, user)
end

local function take()
  local c = find()
  if c then
    local _, member = place(c)
    redis.call('ZREM', scores, member)
    if wide then
      redis.call('HDEL', users, user)
    end
    count(c, -1)
  end
  return c
end

local function unstash()
  local c = redis.call('HGET', stash, user)
  if c then
    redis.call('HDEL', stash, user)
  end
  return c
end

if op == 'ban' then
  redis.call('SADD', banned, user)
  local c = take()
  if c then
    redis.call('HSET', stash, user, c)
    return {1, c}
  end
  return {0, ''}
elseif op == 'lift' then
  redis.call('SREM', banned, user)
  local c = unstash()
  if not c or redis.call('EXISTS', closed) == 1 or find() then
    return {0, ''}
  end
  local score, member = place(c)
  redis.call('ZADD', scores, score, member)
  if wide then
    redis.call('HSET', users, user, c)
  end
  count(c, 1)
  return {1, c}
elseif op == 'remove' then
  if redis.call('EXISTS', closed) == 1 then
    return {-3, ''}
  end
  redis.call('HDEL', metas, user)
  local c = take()
  if c then
    unstash()
    return {1, c}
  end
  c = unstash()
  if c then
    return {2, c}
  end
  return {0, ''}
elseif op == 'erase' then
  redis.call('SADD', banned, user)
  redis.call('HDEL', metas, user)
  local c = take()
  local s = unstash()
  return {(c or s) and 1 or 0, c or s or ''}
elseif op == 'unmark' then
  redis.call('SREM', banned, user)
  return {1, ''}
end
return redis.error_reply('unknown op ' .. tostring(op))
