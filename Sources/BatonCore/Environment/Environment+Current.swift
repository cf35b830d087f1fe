extension Environment {
    /// The environment the current task runs in, when one was set with `$current.withValue`.
    @TaskLocal public static var current: Environment?

    /// The environment the current task runs in.
    /// - Throws: ``EnvironmentError`` ``EnvironmentError/Code/noEnvironment`` when none was set.
    public static func required() throws(EnvironmentError) -> Environment {
        guard let current else {
            throw EnvironmentError(.noEnvironment, "no environment was set for this task: run it in Environment.$current.withValue(environment)")
        }
        return current
    }
}
