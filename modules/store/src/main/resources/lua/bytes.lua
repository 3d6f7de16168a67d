-- Shared by the scripts that compare members or ties (prepended to them when they are loaded, see
-- Scripts): whether string a sorts before string b in byte order, as Redis orders members. Lua's own
-- string comparison follows the server's locale, so bytes are compared by hand.
local function lessBytes(a, b)
  local n = math.min(#a, #b)
  for i = 1, n do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then
      return x < y
    end
  end
  return #a < #b
end
