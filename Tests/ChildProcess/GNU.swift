#if canImport(Glibc)
    import Glibc

    /// The GNU extensions the child needs, which Swift's Glibc module leaves out (they sit behind
    /// `_GNU_SOURCE`), looked up in the C library at run time.
    enum GNU {
        typealias FileActions = UnsafeMutablePointer<posix_spawn_file_actions_t>

        /// `pipe2(2)`: both ends made at once with their flags, so no child started meanwhile
        /// inherits them.
        nonisolated(unsafe) static let pipe2: @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32 =
            symbol("pipe2")!

        /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34).
        static let closeFrom: (@convention(c) (FileActions, Int32) -> Int32)? =
            symbol("posix_spawn_file_actions_addclosefrom_np")

        /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29).
        static let changeDirectory: (@convention(c) (FileActions, UnsafePointer<CChar>) -> Int32)? =
            symbol("posix_spawn_file_actions_addchdir_np")

        private static func symbol<Function>(_ name: String) -> Function? {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(address, to: Function.self)
        }
    }
#endif
