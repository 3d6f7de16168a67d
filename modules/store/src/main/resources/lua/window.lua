-- The first round of around-me on one key set, for every entry of the round at once: one read-only
-- call per node and round instead of four commands per entry (docs/design.md, "Cross-shard reads").
--
-- The contract with the Java side (WindowScript), checked by LuaContractTest:
-- KEYS[1] scores: the key set's sorted set (member -> composite)
-- ARGV[1] desc: 1|0
-- ARGV[2..] operands: composite_1, earlier_1, from_1, composite_2, ...: an entry's composite c, and how
--          many rows to read on each side of it
-- returns {card, {better, earlierRows, fromRows}, ...}, one triple per operand triple: better counts
-- the members strictly better than c; earlierRows are up to `earlier` rows strictly better than c,
-- nearest first, fromRows up to `from` rows from c on (those at exactly c first), in board order;
-- rows are member, composite, member, composite, ...
local scores = KEYS[1]
local desc = ARGV[1] == '1'
local card = redis.call('ZCARD', scores)
local out = {card}
for i = 2, #ARGV, 3 do
  local c, earlier, from = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local better, earlierRows, fromRows
  if desc then
    -- a count from -inf walks the skiplist once (see count.lua)
    better = card - redis.call('ZCOUNT', scores, '-inf', c)
    earlierRows = redis.call('ZRANGEBYSCORE', scores, '(' .. c, '+inf', 'WITHSCORES', 'LIMIT', 0, earlier)
    fromRows = redis.call('ZREVRANGEBYSCORE', scores, c, '-inf', 'WITHSCORES', 'LIMIT', 0, from)
  else
    better = redis.call('ZCOUNT', scores, '-inf', '(' .. c)
    earlierRows = redis.call('ZREVRANGEBYSCORE', scores, '(' .. c, '-inf', 'WITHSCORES', 'LIMIT', 0, earlier)
    fromRows = redis.call('ZRANGEBYSCORE', scores, c, '+inf', 'WITHSCORES', 'LIMIT', 0, from)
  end
  out[#out + 1] = {better, earlierRows, fromRows}
end
return out
