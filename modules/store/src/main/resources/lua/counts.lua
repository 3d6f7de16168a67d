-- The rank counts of one round on every partition of a board period that one node holds: one call
-- per node and round instead of one per partition (docs/design.md, "Rounds").
--
-- The contract with the Java side (CountsScript), checked by LuaContractTest:
-- KEYS[1..] scores: the sorted sets of the partitions, all on this node
-- ARGV[1] desc: 1|0
-- ARGV[2..] operands: composite_1, member_1, home_1, composite_2, member_2, home_2, ...: home is
--          the index in KEYS of the member's own partition, 0 when this node does not hold it
-- returns, for each key in order, its card and then, for each operand triple, the number of its
-- members ordered before that composite and member (count.lua); then, for each triple whose home is
-- on this node, in order, the score its member holds there (nil when none)
local desc = ARGV[1] == '1'
local out = {}
local held = {}
for k = 1, #KEYS do
  local card = redis.call('ZCARD', KEYS[k])
  out[#out + 1] = card
  for i = 2, #ARGV, 3 do
    local own = tonumber(ARGV[i + 2]) == k
    if own then
      held[i] = redis.call('ZSCORE', KEYS[k], ARGV[i + 1])
    end
    out[#out + 1] = countBefore(KEYS[k], desc, card, ARGV[i], ARGV[i + 1], own, held[i])
  end
end
for i = 2, #ARGV, 3 do
  if ARGV[i + 2] ~= '0' then
    out[#out + 1] = held[i]
  end
end
return out
