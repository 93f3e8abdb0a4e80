// The Lua scripts the Redis store runs: each is one atomic step on the server (Redis runs a
// script to its end before any other command), so a commit is applied whole or not at all.

/** ARGV: prefix, the sequence number the unit began at ('' to commit whatever it is), the writes
 * (JSON), the unit's events (JSON), the log's approximate length. Answers {1, new seq} when it
 * committed, {0, current seq} when another commit came first (nothing written). */
export const commitScript = `
local prefix = ARGV[1]
local seq = tonumber(redis.call('GET', prefix .. ':seq') or '0')
if ARGV[2] ~= '' and seq ~= tonumber(ARGV[2]) then return {0, seq} end
local expiries = prefix .. ':expiries'
local names = prefix .. ':collections'
local function hash(name) return prefix .. ':c:' .. name end
local function clearCollection(name)
  for _, id in ipairs(redis.call('HKEYS', hash(name))) do
    redis.call('ZREM', expiries, name .. '/' .. id)
  end
  redis.call('DEL', hash(name))
end
for _, write in ipairs(cjson.decode(ARGV[3])) do
  local kind = write[1]
  if kind == 's' then
    redis.call('HSET', hash(write[2]), write[3], write[4])
    redis.call('SADD', names, write[2])
    if write[5] then
      redis.call('ZADD', expiries, write[5], write[2] .. '/' .. write[3])
    else
      redis.call('ZREM', expiries, write[2] .. '/' .. write[3])
    end
  elseif kind == 'd' then
    redis.call('HDEL', hash(write[2]), write[3])
    redis.call('ZREM', expiries, write[2] .. '/' .. write[3])
  elseif kind == 'x' then
    clearCollection(write[2])
  elseif kind == 'c' then
    -- Every collection but the clock's position, which a reset keeps.
    for _, name in ipairs(redis.call('SMEMBERS', names)) do
      if name ~= 'clock' then
        redis.call('DEL', hash(name))
        redis.call('SREM', names, name)
      end
    end
    redis.call('DEL', expiries)
  end
end
seq = redis.call('INCR', prefix .. ':seq')
redis.call('XADD', prefix .. ':log', 'MAXLEN', '~', ARGV[5], seq .. '-0', 'w', ARGV[3], 'e', ARGV[4])
return {1, seq}
`;

/** ARGV: prefix. Answers the whole committed state at one point of the history: {seq, expiries
 * (member, score, ...), name, {id, json, ...}, name, {...}, ...}. */
export const snapshotScript = `
local prefix = ARGV[1]
local answer = {
  tonumber(redis.call('GET', prefix .. ':seq') or '0'),
  redis.call('ZRANGE', prefix .. ':expiries', 0, -1, 'WITHSCORES'),
}
for _, name in ipairs(redis.call('SMEMBERS', prefix .. ':collections')) do
  table.insert(answer, name)
  table.insert(answer, redis.call('HGETALL', prefix .. ':c:' .. name))
end
return answer
`;
