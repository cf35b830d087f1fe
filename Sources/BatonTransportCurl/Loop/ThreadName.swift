import BatonCCurl

/// Names the calling thread, so debuggers, `top -H` and /proc show which thread is Baton's.
enum ThreadName {
    /// Sets the calling thread's name, cut to the 15 bytes Linux keeps (the shortest limit of the
    /// platforms Baton builds on).
    static func set(_ name: String) {
        var fitting = Substring(name)
        while fitting.utf8.count > 15 { fitting = fitting.dropLast() }
        String(fitting).withCString { baton_thread_set_name($0) }
    }
}
