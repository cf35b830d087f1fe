import BatonCore
