// The Lua scripts the Redis store runs: each is one atomic step on the server (Redis runs a
// script to its end before any other command), so a commit is applied whole or not at all.
import { keptByClear } from '../../domain/kernel/store.js';

/** ARGV: prefix, the sequence number the unit began at ('' to commit whatever it is), the writes
 * (JSON), the unit's events (JSON), the log's approximate length, the store's identity the unit
 * knows ('' for the first state, which sets it), the identity to set with the first state, the
 * time (ms, Redis's clock) after which the commit must not apply ('' for none). Answers
 * {1, new seq, the store's identity} when it committed; else nothing is written and it answers
 * {0, seq} when another commit came first, {-1, seq} when the store's identity is not the one given (its state was lost:
 * restarted empty, flushed), {-2, seq} when the deadline had passed (the unit was already told
 * that the store did not answer). */
export const commitScript = `
local prefix = ARGV[1]
local seq = tonumber(redis.call('GET', prefix .. ':seq') or '0')
if ARGV[8] ~= '' then
  local now = redis.call('TIME')
  if tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) > tonumber(ARGV[8]) then
    return {-2, seq}
  end
end
local identity = redis.call('GET', prefix .. ':sandbox')
if ARGV[6] ~= '' and identity ~= ARGV[6] then return {-1, seq} end
if ARGV[2] ~= '' and seq ~= tonumber(ARGV[2]) then return {0, seq} end
if not identity then
  identity = ARGV[7]
  redis.call('SET', prefix .. ':sandbox', identity)
end
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
    -- Every collection but those a reset keeps (keptByClear: the clock's position, signing keys).
    for _, name in ipairs(redis.call('SMEMBERS', names)) do
      if ${[...keptByClear].map((name) => `name ~= '${name}'`).join(' and ')} then
        redis.call('DEL', hash(name))
        redis.call('SREM', names, name)
      end
    end
    redis.call('DEL', expiries)
  end
end
seq = redis.call('INCR', prefix .. ':seq')
redis.call('XADD', prefix .. ':log', 'MAXLEN', '~', ARGV[5], seq .. '-0', 'w', ARGV[3], 'e', ARGV[4])
return {1, seq, identity}
`;

/** ARGV: prefix, an identity for a state that has none (one committed before identities). Answers
 * the whole committed state at one point of the history: {seq, identity (false for no state),
 * expiries (member, score, ...), name, {id, json, ...}, name, {...}, ...}. */
export const snapshotScript = `
local prefix = ARGV[1]
local seq = tonumber(redis.call('GET', prefix .. ':seq') or '0')
local identity = redis.call('GET', prefix .. ':sandbox')
if not identity and seq > 0 then
  redis.call('SET', prefix .. ':sandbox', ARGV[2])
  identity = ARGV[2]
end
local answer = {
  seq,
  identity,
  redis.call('ZRANGE', prefix .. ':expiries', 0, -1, 'WITHSCORES'),
}
for _, name in ipairs(redis.call('SMEMBERS', prefix .. ':collections')) do
  table.insert(answer, name)
  table.insert(answer, redis.call('HGETALL', prefix .. ':c:' .. name))
end
return answer
`;
