/// The Lua scripts every write and multi-record read runs on the server, each atomically: no
/// other client's command runs between a script's first and last step, so a reader never sees
/// half a write, and a script that fails part-way is an error before it changed anything (each
/// checks its input first; Redis runs a script to its end once it starts writing).
enum RedisScripts {
    /// A write. KEYS: the version counter, the deleted records' keys, the written records'
    /// keys, the operations' keys. ARGV: the record key prefix, the operation key prefix, the
    /// channel, the time to live in seconds (0: none), this store's writer ID, then the counts
    /// of deletions, records and operations; then for each record its typename, its field count
    /// and each field's hash name and value; then for each operation its fetch time, errors and
    /// invalidation time, each `""` when the write leaves it, else `=` and the value.
    ///
    /// A record named once and not deleted is new when `HSETNX` sets its typename (then its
    /// fields are set as given), else compared field by field (`HMGET`) and only what differs is set; a record deleted or named more than once is compared whole, before and
    /// after. When anything changed, the namespace's version goes up by one and the changed
    /// record IDs and operation keys are published with it and this writer's ID.
    /// Returns `{version, {record IDs}, {operation keys}}`, version 0 when nothing changed.
    static let write = """
        local rp, op, channel, ttl, writer = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
        local nd, nr, no = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
        local function hset(k, args)
          for s = 1, #args, 998 do
            redis.call('HSET', k, unpack(args, s, math.min(s + 997, #args)))
          end
        end
        local count, before = {}, {}
        for i = 2, 1 + nd + nr do count[KEYS[i]] = (count[KEYS[i]] or 0) + 1 end
        for i = 2, 1 + nd + nr do
          local k = KEYS[i]
          if count[k] > 1 and before[k] == nil then
            local h, t = redis.call('HGETALL', k), {}
            for j = 1, #h, 2 do t[h[j]] = h[j + 1] end
            before[k] = t
          end
        end
        local changed, list = {}, {}
        local function mark(k)
          if not changed[k] then changed[k] = true; list[#list + 1] = k end
        end
        local ki, ai = 2, 9
        for i = 1, nd do
          local k = KEYS[ki]; ki = ki + 1
          if redis.call('DEL', k) == 1 and before[k] == nil then mark(k) end
        end
        for i = 1, nr do
          local k = KEYS[ki]; ki = ki + 1
          local typename, nf = ARGV[ai], tonumber(ARGV[ai + 1]); ai = ai + 2
          if before[k] ~= nil then
            local args = {'t', typename}
            for j = 0, nf - 1 do args[#args + 1] = ARGV[ai + 2 * j]; args[#args + 1] = ARGV[ai + 2 * j + 1] end
            hset(k, args)
          elseif redis.call('HSETNX', k, 't', typename) == 1 then
            -- A new record: its fields straight from ARGV, no comparison.
            local last = ai + 2 * nf - 1
            for s = ai, last, 998 do redis.call('HSET', k, unpack(ARGV, s, math.min(s + 997, last))) end
            mark(k)
          else
            local names, held = {'t'}, {}
            for j = 0, nf - 1 do names[#names + 1] = ARGV[ai + 2 * j] end
            for s = 1, #names, 990 do
              local got = redis.call('HMGET', k, unpack(names, s, math.min(s + 989, #names)))
              for g = 1, #got do held[s + g - 1] = got[g] end
            end
            local args = {}
            if held[1] ~= typename then args[1] = 't'; args[2] = typename end
            for j = 0, nf - 1 do
              if held[j + 2] ~= ARGV[ai + 2 * j + 1] then
                args[#args + 1] = ARGV[ai + 2 * j]; args[#args + 1] = ARGV[ai + 2 * j + 1]
              end
            end
            if #args > 0 then hset(k, args); mark(k) end
          end
          ai = ai + 2 * nf
          if ttl > 0 then redis.call('EXPIRE', k, ttl) end
        end
        for k, t in pairs(before) do
          local h, same, n, m = redis.call('HGETALL', k), true, 0, 0
          for j = 1, #h, 2 do n = n + 1; if t[h[j]] ~= h[j + 1] then same = false end end
          for _ in pairs(t) do m = m + 1 end
          if not same or n ~= m then mark(k) end
        end
        local ops, parts = {}, {'f', 'e', 'i'}
        for i = 1, no do
          local k = KEYS[ki]; ki = ki + 1
          local held, args = redis.call('HMGET', k, 'f', 'e', 'i'), {}
          for j = 1, 3 do
            local v = ARGV[ai + j - 1]
            if v ~= '' then
              v = string.sub(v, 2)
              if held[j] ~= v then args[#args + 1] = parts[j]; args[#args + 1] = v end
            end
          end
          ai = ai + 3
          if #args > 0 then redis.call('HSET', k, unpack(args)); ops[#ops + 1] = string.sub(k, #op + 1) end
          if ttl > 0 then redis.call('EXPIRE', k, ttl) end
        end
        local ids = {}
        for _, k in ipairs(list) do ids[#ids + 1] = string.sub(k, #rp + 1) end
        if #ids == 0 and #ops == 0 then return {0, ids, ops} end
        local v = redis.call('INCR', KEYS[1])
        redis.call('PUBLISH', channel, cjson.encode({v = v, w = writer, r = ids, o = ops}))
        return {v, ids, ops}
        """

    /// A read of many hashes in one round trip. KEYS: the version counter, then the hashes.
    /// Returns `{version, hash, hash, …}`, each hash as its fields and values, empty when absent.
    static let read = """
        local out = {redis.call('GET', KEYS[1]) or '0'}
        for i = 2, #KEYS do out[i] = redis.call('HGETALL', KEYS[i]) end
        return out
        """
}
