/// The Lua scripts every write and multi-record read runs on the server, each atomically: no
/// other client's command runs between a script's first and last step, so a reader never sees
/// half a write, and a script that fails part-way is an error before it changed anything (each
/// checks its input first; Redis runs a script to its end once it starts writing).
enum RedisScripts {
    /// A write. KEYS: the version counter, the flag that a write with a time to live was made,
    /// the marker of records stored ahead (below), the deleted records' keys, the written
    /// records' keys, the operations' keys. ARGV: the record key prefix, the operation key
    /// prefix, the channel, the time to live in seconds (0: none), this store's writer ID, then
    /// the counts of deletions, records and operations, then `1` when no record is named twice
    /// (deleted or written), which spares counting them on the server, else `0`; then, when none
    /// is named twice, the IDs of every record named (deleted, then written) as one MessagePack
    /// array, which is published as it is when every one changed; then the count of records
    /// stored ahead; then each record, packed (``MessagePackMap``: `t` and its typename, `f…`
    /// and each field's value); then for each operation its fetch time, errors and invalidation
    /// time, each `""` when the write leaves it, else `=` and the value.
    ///
    /// Records stored ahead: a write of new records only (``RedisNewRecordsWrite``) stores them
    /// with one `MSETNX` of their keys and the marker, then runs this script with no record
    /// (in one `MULTI`/`EXEC`), which counts them all as changed when the marker is there (it
    /// deletes it), else returns `{-1}` having changed nothing (a record existed, so the
    /// `MSETNX` stored none).
    ///
    /// Records named once and not deleted are stored a thousand at a time by `MSETNX` when all
    /// of them are new (without a time to live), else one by one: a record is new when
    /// `SET … NX` stores it; else it is unpacked and compared field by field, and stored again
    /// only when a field differs (a held record byte for byte equal to the write's is left at
    /// once). A record deleted or named more than once is worked on in memory and compared
    /// whole, before and after. When anything changed, the namespace's version goes up by one
    /// and the change is published (``RedisChangeMessage``: the version, this writer's ID, the
    /// changed operation keys and record IDs). Returns `{version, {record IDs}, {operation
    /// keys}, records created}`, version 0 when nothing changed, and `all` for the record IDs
    /// when no record is named twice and every one changed.
    static let write = RedisScript(
        name: "write",
        source: """
            local rp, op, channel, ttl, writer = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
            local nd, nr, no = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
            local once, stored = ARGV[9] == '1', tonumber(ARGV[11])
            if stored > 0 and redis.call('DEL', KEYS[3]) == 0 then return {-1} end
            local count = setmetatable({}, {__index = function() return 1 end})
            if not once then
              for i = 4, 3 + nd + nr do count[KEYS[i]] = (rawget(count, KEYS[i]) or 0) + 1 end
            end
            if ttl > 0 then redis.call('SET', KEYS[2], '1') end
            local changed, list, created = {}, {}, stored
            local function mark(k)
              if not changed[k] then changed[k] = true; list[#list + 1] = k end
            end
            local function put(k, packed)
              if ttl > 0 then redis.call('SET', k, packed, 'EX', ttl) else redis.call('SET', k, packed) end
            end
            local function keep(k)
              if ttl > 0 then redis.call('EXPIRE', k, ttl) end
            end
            local function merge(held, packed)
              local differs = false
              for name, value in pairs(cmsgpack.unpack(packed)) do
                if held[name] ~= value then held[name] = value; differs = true end
              end
              return differs
            end
            local before, now = {}, {}
            local function load(k)
              if before[k] == nil then
                before[k] = redis.call('GET', k)
                now[k] = before[k] and cmsgpack.unpack(before[k])
              end
            end
            local ki, ai = 4, 12
            for i = 1, nd do
              local k = KEYS[ki]; ki = ki + 1
              if count[k] > 1 then load(k); now[k] = false
              elseif redis.call('DEL', k) == 1 then mark(k) end
            end
            local function single(k, packed)
              if (ttl > 0 and redis.call('SET', k, packed, 'NX', 'EX', ttl)) or (ttl == 0 and redis.call('SET', k, packed, 'NX')) then
                mark(k); created = created + 1
              else
                local held = redis.call('GET', k)
                local t = held ~= packed and cmsgpack.unpack(held)
                if t and merge(t, packed) then put(k, cmsgpack.pack(t)); mark(k) else keep(k) end
              end
            end
            local singles = {}
            for i = 1, nr do
              local k, packed = KEYS[ki], ARGV[ai]; ki = ki + 1; ai = ai + 1
              if count[k] > 1 then
                load(k)
                if now[k] then merge(now[k], packed) else now[k] = cmsgpack.unpack(packed) end
              else
                singles[#singles + 1] = k; singles[#singles + 1] = packed
              end
            end
            -- New records a thousand at a time with one MSETNX (all new, the common case of a fetch
            -- of new data, or none set); a batch where any exists goes record by record. A batch
            -- stored whole is only counted: its keys are listed only if some other record did not
            -- change (each is named once, so none is in the list yet).
            local fresh, batches = stored, {}
            for s = 1, #singles, 2000 do
              local e = math.min(s + 1999, #singles)
              if ttl == 0 and redis.call('MSETNX', unpack(singles, s, e)) == 1 then
                fresh = fresh + (e - s + 1) / 2; created = created + (e - s + 1) / 2; batches[#batches + 1] = s
              else
                for j = s, e, 2 do single(singles[j], singles[j + 1]) end
              end
            end
            for k, t in pairs(now) do
              local b = before[k]
              if not t then
                if b then redis.call('DEL', k); mark(k) end
              else
                local same = b ~= false
                if same then
                  local h, n, m = cmsgpack.unpack(b), 0, 0
                  for name, value in pairs(t) do m = m + 1; if h[name] ~= value then same = false end end
                  for _ in pairs(h) do n = n + 1 end
                  same = same and n == m
                end
                if same then keep(k) else put(k, cmsgpack.pack(t)); mark(k) end
              end
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
            local changes = #list + fresh
            if changes == 0 and #ops == 0 then return {0, {}, ops, 0} end
            -- Every record named changed (a fetch of new data): the writer listed them already.
            local all = once and changes == nd + nr + stored
            local ids, packed = {}, ARGV[10]
            if not all then
              for _, s in ipairs(batches) do
                for j = s, math.min(s + 1999, #singles), 2 do list[#list + 1] = singles[j] end
              end
              for _, k in ipairs(list) do ids[#ids + 1] = string.sub(k, #rp + 1) end
              packed = cmsgpack.pack(ids)
            end
            local v = redis.call('INCR', KEYS[1])
            redis.call('PUBLISH', channel, '\\148' .. cmsgpack.pack(v) .. cmsgpack.pack(writer) .. cmsgpack.pack(ops) .. packed)
            if all then return {v, 'all', ops, created} end
            return {v, ids, ops, created}
            """)

    /// A read of many records in one round trip. KEYS: the version counter, the flag that a
    /// write with a time to live was made, then the records. Returns `{version, expiries,
    /// record, record, …}`, each record packed, or nil when absent; the expiries are each
    /// record's `PTTL` (milliseconds left, -1 for none; -2 when absent), asked only when a write
    /// with a time to live was ever made in the namespace (else an empty list).
    static let readRecords = RedisScript(
        name: "readRecords",
        source: """
            local out = {redis.call('GET', KEYS[1]) or '0', {}}
            for s = 3, #KEYS, 1000 do
              local got = redis.call('MGET', unpack(KEYS, s, math.min(s + 999, #KEYS)))
              for g = 1, #got do out[s + g - 1] = got[g] end
            end
            if redis.call('EXISTS', KEYS[2]) == 1 then
              local ttls = out[2]
              for i = 3, #KEYS do ttls[i - 2] = out[i] and redis.call('PTTL', KEYS[i]) or -2 end
            end
            return out
            """)

    /// A read of operations in one round trip. KEYS: the version counter, the flag that a write
    /// with a time to live was made, then the operations. Returns `{version, expiries, hash,
    /// hash, …}`, each hash as its fields and values, empty when absent, the expiries as for
    /// ``readRecords``.
    static let readOperations = RedisScript(
        name: "readOperations",
        source: """
            local out = {redis.call('GET', KEYS[1]) or '0', {}}
            for i = 3, #KEYS do out[i] = redis.call('HGETALL', KEYS[i]) end
            if redis.call('EXISTS', KEYS[2]) == 1 then
              for i = 3, #KEYS do out[2][i - 2] = redis.call('PTTL', KEYS[i]) end
            end
            return out
            """)

    /// The namespace's layout, set when it has none and nothing was ever written to it. KEYS: the
    /// layout key, the version counter. ARGV: the layout this store writes. Returns the layout,
    /// or nil for a namespace written before layouts were recorded (the store then looks at a
    /// record to tell which layout it is in).
    static let layout = RedisScript(
        name: "layout",
        source: """
            local held = redis.call('GET', KEYS[1])
            if held then return held end
            if redis.call('EXISTS', KEYS[2]) == 1 then return false end
            redis.call('SET', KEYS[1], ARGV[1])
            return ARGV[1]
            """)
}

/// A Lua script the store runs by `EVALSHA`: each connection loads it once (`SCRIPT LOAD`, which
/// answers its SHA-1) and sends only the SHA-1 after that.
struct RedisScript: Sendable, Hashable {
    /// The script's name, for messages.
    let name: String
    let source: String
}
