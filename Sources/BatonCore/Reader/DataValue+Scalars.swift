extension DataValue {
    /// Reads a non-null `String` or `ID`; `""` with an event when there is none.
    @_spi(Generated) public func string() -> String {
        // The common case first, without the generic reader's copies: a string is there.
        if case .string(let value)? = scalarHeld { return value }
        return scalar(String.self)
    }

    /// Reads a non-null `Int`; `0` with an event when there is none or it is out of range.
    @_spi(Generated) public func int() -> Int {
        if case .int(let value)? = scalarHeld, let int32 = Int32(exactly: value) { return Int(int32) }
        return scalar(Int.self)
    }

    /// Reads a non-null `Float`; `0` with an event when there is none.
    @_spi(Generated) public func double() -> Double {
        if case .double(let value)? = scalarHeld { return value }
        return scalar(Double.self)
    }

    /// Reads a non-null `Boolean`; `false` with an event when there is none.
    @_spi(Generated) public func bool() -> Bool {
        if case .bool(let value)? = scalarHeld { return value }
        return scalar(Bool.self)
    }

    /// The scalar held, from a response or a record; `nil` for anything else.
    private var scalarHeld: JSONValue? {
        switch content {
        case .json(let json)?: return json
        case .read(.stored(.scalar(let json)))?: return json
        case nil, .read?: return nil
        }
    }

    /// Reads a non-null scalar of type `T`; `T.zeroValue` with an event when there is none or
    /// `T` cannot read it.
    /// - Parameter type: The scalar's Swift type.
    @_spi(Generated) public func scalar<T: GraphQLScalar>(_ type: T.Type) -> T {
        guard let json = nonNull(expected: "a value") else { return T.zeroValue }
        do {
            return try T(json: json)
        } catch {
            reportUnexpected(error.message)
            return T.zeroValue
        }
    }

    /// Reads a non-null enum value; a value the enum did not know at build time is its
    /// `unknown` case. `unknown("")` with an event when there is no string.
    /// - Parameter type: The enum's Swift type.
    @_spi(Generated) public func enumValue<T: GraphQLEnum>(_ type: T.Type) -> T {
        guard let json = nonNull(expected: "an enum value") else { return T(rawValue: "") }
        guard case .string(let raw) = json else {
            reportUnexpected("expected an enum value, found \(json.kindDescription)")
            return T(rawValue: "")
        }
        return T(rawValue: raw)
    }
}
