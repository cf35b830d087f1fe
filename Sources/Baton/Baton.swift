@_exported import BatonCore
