// The umbrella an app imports: the core and every built-in plug-in the platform can link
// (Package.swift: libcurl where the system has it, hiredis where the system packages it).
@_exported import BatonCore
@_exported import BatonStoreMemory
@_exported import BatonStoreSQLite
@_exported import BatonTransportFoundation

#if BATON_CURL
    @_exported import BatonTransportCurl
#endif
#if BATON_REDIS
    @_exported import BatonStoreRedis
#endif
