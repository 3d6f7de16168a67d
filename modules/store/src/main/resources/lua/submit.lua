-- Applies one score event to one user, atomically, on the user's partition.
--
-- The contract with the Java side (SubmitScript, SubmitOutcome.Status), checked by LuaContractTest:
-- KEYS[1] scores: sorted set of the partition: member = user ID, score = composite (score * scale + tie)
-- KEYS[2] events: sorted set of recent event IDs of the partition: member = user ID "\n" event ID,
--         score = receipt epoch seconds * 2^20 + the 20-bit digest of the event's payload
--         (records written before the digest hold receipt epoch ms: below 10^14, see OLD_FORM)
-- KEYS[3] distinct: sorted set of the distinct scores held in the partition (member = score = the score)
-- KEYS[4] scoreCounts: hash: score -> number of members holding it (for dense ranks)
-- KEYS[5] closed: present when the period is closed: nothing may change any more
-- KEYS[6] metas: hash: user ID -> the entry's metadata (JSON object text)
-- KEYS[7] banned: set of the partition's banned users: their events change nothing
-- KEYS[8] users: wide layout: the user's bucket of the partition's user map, hash: user ID -> tie .. score
--         (the entry's member is tie .. user ID, its Redis score the score itself)
-- KEYS[9] live: present while the board lives (written when a node records the period, unlinked with it)
-- KEYS[10] participants: hash of the partition's participants: user ID -> "joinedAtMillis:cohort" (a copy of
--          the period's joined hash, written after the join there)
-- KEYS[11] attempts: hash: user ID -> events applied for the user in the period (boards with maxAttempts)
-- ARGV[1] user: the user ID
-- ARGV[2] op: the operator, incr|set|best
-- ARGV[3] value
-- ARGV[4] desc: 1|0
-- ARGV[5] scale: 2^timeBits (1 on the wide layout)
-- ARGV[6] timeTie: packed layout: the low bits of the composite, for the event's time
-- ARGV[7] maxScore
-- ARGV[8] eventId: '' = none
-- ARGV[9] now: ms
-- ARGV[10] window: the dedupe window, ms
-- ARGV[11] dense: 1|0: keep the distinct-score index of KEYS[3] and KEYS[4]
-- ARGV[12] digest: 0..2^20-1, of the event's operator, value and given time (see EventDigest)
-- ARGV[13] maxStep: 0 = none: the largest change one event may make, a first score counting from 0
-- ARGV[14] meta: '' = keep the stored metadata; else the JSON text to store with the applied event
-- ARGV[15] wideTie: '' = packed layout; else the wide layout's tie of the event (sort keys, time), ending in '|'
-- ARGV[16] minScore: the lowest score an entry may hold
-- ARGV[17] joining: 0 = anyone may submit; 1 = only participants; 2 = a first submit joins (the caller
--          joins the user on the period's home route, then sends the event again)
-- ARGV[18] maxAttempts: 0 = no limit: applied events per user in the period
--
-- Returns {status, entry, previous entry, attempts left} with the entries as stored ('' when absent):
-- on the packed layout the composite, on the wide layout tie .. score; attempts left -1 without
-- maxAttempts (only where the attempts were read).
-- status CHANGED = 1: applied and the score (or, for an equal score, its time) changed
-- status UNCHANGED = 2: applied, nothing changed (the score keeps the time it was first reached)
-- status DUPLICATE = 0: duplicate event ID (same payload, nothing changed)
-- status BELOW_ZERO = -1: the result is below minScore (nothing changed)
-- status ABOVE_MAX = -2: the result is above maxScore (nothing changed)
-- status CLOSED = -3: the period is closed (nothing changed)
-- status CONFLICT = -4: the event ID was used for another payload (nothing changed, the first event stands)
-- status STEP_TOO_LARGE = -5: the change exceeds maxStep (nothing changed)
-- status BANNED = -6: the user is banned (nothing changed, the event is not remembered)
-- status BOARD_GONE = -7: the board was deleted, or the period not recorded (nothing written)
-- status NOT_JOINED = -8: the board takes events of participants only and the user is none (nothing changed)
-- status ATTEMPTS_EXHAUSTED = -9: the user has used maxAttempts in the period (nothing changed)
-- status NEEDS_JOIN = -10: a first submit joins and the user has not joined yet (nothing changed)
-- Every number stays below 2^53, where Lua's doubles are exact; composites are formatted with %.0f
-- because Lua's default number formatting keeps only 14 digits.
local scores, events, distinct, scoreCounts, closed, metas, banned, users, live, participants, attempts =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8], KEYS[9], KEYS[10], KEYS[11]
if redis.call('EXISTS', live) == 0 then
  return {-7, '', ''}
end
local user, op = ARGV[1], ARGV[2]
local value = tonumber(ARGV[3])
local desc = ARGV[4] == '1'
local scale = tonumber(ARGV[5])
local timeTie = tonumber(ARGV[6])
local maxScore = tonumber(ARGV[7])
local eventId = ARGV[8]
local now = tonumber(ARGV[9])
local window = tonumber(ARGV[10])
local dense = ARGV[11] == '1'
local digest = tonumber(ARGV[12])
local maxStep = tonumber(ARGV[13])
local meta = ARGV[14]
local wideTie = ARGV[15]
local minScore = tonumber(ARGV[16])
local joining = ARGV[17]
local maxAttempts = tonumber(ARGV[18])
local wide = wideTie ~= ''

-- An idempotency record's score: receipt seconds * SPAN + digest (exact in a double until 2242).
-- Records below OLD_FORM were written as receipt ms (no digest: they answer duplicate) and
-- expire by ms; the new form is above 10^15 for any receipt from 2001 on.
local SPAN = 1048576
local OLD_FORM = 1e14
local nowSeconds = math.floor(now / 1000)
local windowSeconds = math.floor(window / 1000)

-- the user's entry: current = its Redis score, currentTie = its tie (wide layout)
local current, currentTie, previous
if wide then
  previous = redis.call('HGET', users, user)
  if previous then
    local cut = string.find(previous, '|', 1, true)
    currentTie = string.sub(previous, 1, cut)
    current = string.sub(previous, cut + 1)
  end
else
  current = redis.call('ZSCORE', scores, user)
  previous = current
end
previous = previous or ''
if redis.call('SISMEMBER', banned, user) == 1 then
  return {-6, previous, previous}
end
if redis.call('EXISTS', closed) == 1 then
  return {-3, previous, previous}
end
if joining ~= '0' and redis.call('HEXISTS', participants, user) == 0 then
  if joining == '1' then
    return {-8, previous, previous}
  end
  return {-10, previous, previous}
end

local eventMember = nil
if eventId ~= '' then
  eventMember = user .. '\n' .. eventId
  local seen = redis.call('ZSCORE', events, eventMember)
  if seen then
    seen = tonumber(seen)
    if seen < OLD_FORM then
      if seen >= now - window then
        return {0, previous, previous}
      end
    else
      local at = math.floor(seen / SPAN)
      if at >= nowSeconds - windowSeconds then
        if seen - at * SPAN == digest then
          return {0, previous, previous}
        end
        return {-4, previous, previous}
      end
    end
  end
end

-- a duplicate event is answered above: it is not an attempt
local used = 0
if maxAttempts > 0 then
  used = tonumber(redis.call('HGET', attempts, user) or '0')
  if used >= maxAttempts then
    return {-9, previous, previous, 0}
  end
end

local old = nil
if current then
  old = wide and tonumber(current) or math.floor(tonumber(current) / scale)
end

local new
if op == 'incr' then
  new = (old or 0) + value
elseif op == 'set' then
  new = value
elseif old == nil then
  new = value
elseif desc then
  new = math.max(old, value)
else
  new = math.min(old, value)
end

if new < minScore then
  return {-1, previous, previous}
end
if new > maxScore then
  return {-2, previous, previous}
end
-- plausibility limit (maxStep): the change the event makes, from 0 for a first score
if maxStep > 0 and math.abs(new - (old or 0)) > maxStep then
  return {-5, previous, previous}
end

-- An unchanged score keeps the time it was first reached. Events may arrive out of time order,
-- so a set or best event whose own value equals the score, at an earlier time, moves the time
-- back to it. (An incr carries no such proof: it says nothing about the total at its time.)
-- (On the wide layout the tie holds the sort keys before the time: an equal score with better keys
-- counts as reached earlier, so set and best take the better keys.)
local status = 2
local composite = previous
local write = old == nil or new ~= old
if wide then
  if not write and op ~= 'incr' and value == old then
    write = (desc and lessBytes(currentTie, wideTie)) or (not desc and lessBytes(wideTie, currentTie))
  end
else
  local candidate = new * scale + timeTie
  if not write and op ~= 'incr' and value == old then
    local cur = tonumber(current)
    write = (desc and candidate > cur) or (not desc and candidate < cur)
  end
  if write then
    composite = string.format('%.0f', candidate)
  end
end
if write then
  if wide then
    local s = string.format('%.0f', new)
    if currentTie then
      redis.call('ZREM', scores, currentTie .. user)
    end
    redis.call('ZADD', scores, s, wideTie .. user)
    composite = wideTie .. s
    redis.call('HSET', users, user, composite)
  else
    redis.call('ZADD', scores, composite, user)
  end
  status = 1
  if old ~= new and dense then
    if old ~= nil then
      local o = string.format('%.0f', old)
      if redis.call('HINCRBY', scoreCounts, o, -1) <= 0 then
        redis.call('HDEL', scoreCounts, o)
        redis.call('ZREM', distinct, o)
      end
    end
    local s = string.format('%.0f', new)
    if redis.call('HINCRBY', scoreCounts, s, 1) == 1 then
      redis.call('ZADD', distinct, s, s)
    end
  end
end

-- entry metadata: stored with every applied event that carries it
if meta ~= '' then
  redis.call('HSET', metas, user, meta)
end

if eventMember then
  redis.call('ZADD', events, string.format('%.0f', nowSeconds * SPAN + digest), eventMember)
  redis.call('ZREMRANGEBYSCORE', events, '-inf', '(' .. string.format('%.0f', math.min(now - window, OLD_FORM)))
  redis.call('ZREMRANGEBYSCORE', events, string.format('%.0f', OLD_FORM),
    '(' .. string.format('%.0f', (nowSeconds - windowSeconds) * SPAN))
end
local left = -1
if maxAttempts > 0 then
  left = maxAttempts - redis.call('HINCRBY', attempts, user, 1)
end
return {status, composite, previous, left}
