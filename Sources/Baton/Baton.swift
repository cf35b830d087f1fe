// The umbrella an app imports: the core and every built-in plug-in.
@_exported import BatonCore
@_exported import BatonStoreMemory
@_exported import BatonStoreRedis
@_exported import BatonStoreSQLite
@_exported import BatonTransportCurl
@_exported import BatonTransportFoundation
