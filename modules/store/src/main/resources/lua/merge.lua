-- Merges key sets of one board period into one, atomically: the upgrade from one key set per
-- partition to one per endpoint (docs/design.md, "Key sets"). Each source is merged whole and then
-- deleted in this one call, so a source is merged once however many nodes run the upgrade at once,
-- and a second run finds nothing to merge.
--
-- The contract with the Java side (KeySetMerge), checked by LuaContractTest:
-- KEYS[1..] keys: key sets of `width` keys each, the target first, then the sources; each in the
--          order of Keys.all (scores, events, distinct, scoreCounts, closed, meta, banned, stash, live,
--          participants, attempts), then, on a wide board, the buckets of its user map in order
-- ARGV[1] width: the keys per key set
-- returns {sources merged (the others were gone), members moved into the target's scores}
local width = tonumber(ARGV[1])
local CHUNK = 500

local function hashInto(target, source)
  local all = redis.call('HGETALL', source)
  for i = 1, #all, 2 * CHUNK do
    local last = math.min(i + 2 * CHUNK - 1, #all)
    redis.call('HSET', target, unpack(all, i, last))
  end
end

local function countsInto(target, source)
  local all = redis.call('HGETALL', source)
  for i = 1, #all, 2 do
    redis.call('HINCRBY', target, all[i], all[i + 1])
  end
end

local function copyString(target, source)
  local v = redis.call('GET', source)
  if v and redis.call('EXISTS', target) == 0 then
    redis.call('SET', target, v)
  end
end

-- how each of the first 11 keys of a key set merges; the user map's buckets are hashes
local merge = {
  function(t, s) redis.call('ZUNIONSTORE', t, 2, t, s, 'AGGREGATE', 'MAX') end, -- scores
  function(t, s) redis.call('ZUNIONSTORE', t, 2, t, s, 'AGGREGATE', 'MAX') end, -- events
  function(t, s) redis.call('ZUNIONSTORE', t, 2, t, s, 'AGGREGATE', 'MAX') end, -- distinct
  countsInto, -- scoreCounts
  copyString, -- closed
  hashInto, -- meta
  function(t, s) redis.call('SUNIONSTORE', t, t, s) end, -- banned
  hashInto, -- stash
  copyString, -- live
  hashInto, -- participants
  hashInto, -- attempts
}

local merged = 0
local moved = 0
for from = width + 1, #KEYS, width do
  local present = false
  for k = 0, width - 1 do
    if redis.call('EXISTS', KEYS[from + k]) == 1 then
      present = true
      break
    end
  end
  if present then
    merged = merged + 1
    moved = moved + redis.call('ZCARD', KEYS[from])
    for k = 0, width - 1 do
      local source = KEYS[from + k]
      if redis.call('EXISTS', source) == 1 then
        local how = merge[k + 1] or hashInto
        how(KEYS[1 + k], source)
        redis.call('DEL', source)
      end
    end
  end
end
return {merged, moved}
