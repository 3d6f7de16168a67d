-- Read-only rank queries on one partition, in the board's order.
--
-- The contract with the Java side (RankScript), checked by LuaContractTest:
-- KEYS[1] scores: sorted set of the partition
-- KEYS[2] metas (optional): hash: user ID -> entry metadata, passed only with withMeta (then
--         'around' reads it)
-- ARGV[1] desc: 1|0
-- ARGV[2] withMeta: 1|0 ('around' only): each row also carries its metadata ('' when none)
-- ARGV[3] mode: 'count' or 'around'
-- ARGV[4..] operands:
--          'count':  composite_1, member_1, own_1, composite_2, member_2, own_2, ...
--                    returns, for each pair, the number of members ordered before it; own is 1
--                    on the member's own partition, where a member that still holds the
--                    composite is counted by its rank (2 calls instead of 4-5)
--          'around': composite, member, before, after
--                    returns {count before the pair, card, member, composite, [meta,] member, composite, ...}
--                    with the members from index count-before to count+after-1 in board order
--
-- A member is the user ID (packed layout) or the tie and the user ID (wide layout, the tie ending in
-- '|'); a composite is the Redis score (the packed composite, or the score itself).
-- Board order and ties: see count.lua.
local scores, metas = KEYS[1], KEYS[2]
local desc, withMeta, mode = ARGV[1] == '1', ARGV[2] == '1', ARGV[3]

local card = redis.call('ZCARD', scores)

if mode == 'count' then
  local out = {}
  for i = 4, #ARGV, 3 do
    out[#out + 1] = countBefore(scores, desc, card, ARGV[i], ARGV[i + 1], ARGV[i + 2] == '1')
  end
  return out
end

-- around
local composite, member, before, after = ARGV[4], ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7])
local n = countBefore(scores, desc, card, composite, member, false)
local from = math.max(0, n - before)
local to = n + after - 1
local out = {n, card}
if to >= from then
  local rows
  if desc then
    rows = redis.call('ZREVRANGE', scores, from, to, 'WITHSCORES')
  else
    rows = redis.call('ZRANGE', scores, from, to, 'WITHSCORES')
  end
  for i = 1, #rows, 2 do
    out[#out + 1] = rows[i]
    out[#out + 1] = rows[i + 1]
    -- entry metadata, when asked for
    if withMeta then
      local cut = string.find(rows[i], '|', 1, true)
      out[#out + 1] = redis.call('HGET', metas, cut and string.sub(rows[i], cut + 1) or rows[i]) or ''
    end
  end
end
return out
