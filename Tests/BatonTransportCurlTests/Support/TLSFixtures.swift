/// A certificate authority made for these tests, the server certificate it signed for
/// 127.0.0.1 and localhost (valid until 2126), and its key. Test material only: it protects nothing.
enum TLSFixtures {
    static let certificateAuthority = """
-----BEGIN CERTIFICATE-----
MIIDIzCCAgugAwIBAgIUAnMTB8C3JWHdSOrDhpUbbYHUUjswDQYJKoZIhvcNAQEL
BQAwGDEWMBQGA1UEAwwNQmF0b24gVGVzdCBDQTAgFw0yNjExMjkxNjE2NTNaGA8y
MTI2MTEwNTE2MTY1M1owGDEWMBQGA1UEAwwNQmF0b24gVGVzdCBDQTCCASIwDQYJ
KoZIhvcNAQEBBQADggEPADCCAQoCggEBAIQzi78TaiiWhbHainuqWSMFMozsL01N
A+5HfWsRh/EPupxPdrNMCjGemvXYKE9IOexmbwkTA/Dac2cZVoDpx0+bcg21puQ8
2iGPJ5Ei9JR2Vj0uLOcz70zLfRCxJPL/7obS47zy6PbRU/Abm1HO0ekrWdDZhf3B
Pb1R+2pkxtTtflwAoG7qxgrSeWcibTtzJ95gjF6CWei1Usqyed3M8NZfuBSQ4Mpq
9R9k5RjSfFPphJJd9Xm7We2WnG6v4q9bC5GKntbF7h/QuALaT/5+4Fsf1F32CRLC
Rt0yZBmjBTZWBLPRP6tJ7ysG4UGu8+14hTBxm/tLlOZbKT1wDQWGh6cCAwEAAaNj
MGEwHQYDVR0OBBYEFGgqpA25gW1D8ufLRik9mLtRDQwXMB8GA1UdIwQYMBaAFGgq
pA25gW1D8ufLRik9mLtRDQwXMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQD
AgEGMA0GCSqGSIb3DQEBCwUAA4IBAQBm7WNxSDUAGyWUOSxFhUvigE3JtnpUJn6h
XUGyYQQu/R1hsKhDFv+3MoZYpAuX1qhsn8wHZJ6MpLfoVqhj6I1PPSuVAxmAreo0
Fi8n6K/IYKKSAavW0y/E/GII8GzN77SkRkB/LxbjFg9PJxKD33d58NiNbsaWDGdr
QFIp9dJhP6MDwuMih7lKcx7lfvpZbDzmqxxp8+equeIOXWzsT503gzQiYf9+vkG5
7Ve5BZ9H7QwlZlLXcmtUgQAXumVlMw6QWlJ5yJvcGBZZYOO5+SbTbrhVM7gt80gu
8FDurs0xwCaQiSLM52ttRlFFhjWn0LVLKg2fL+ddvwe7lGFbPbhe
-----END CERTIFICATE-----
"""

    static let serverCertificate = """
-----BEGIN CERTIFICATE-----
MIIDOjCCAiKgAwIBAgIUECW3MO2uuRI+6qcP0Wzvlp1wLmAwDQYJKoZIhvcNAQEL
BQAwGDEWMBQGA1UEAwwNQmF0b24gVGVzdCBDQTAgFw0yNjExMjkxNjE2NTNaGA8y
MTI2MTEwNTE2MTY1M1owFDESMBAGA1UEAwwJMTI3LjAuMC4xMIIBIjANBgkqhkiG
9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3tDqOkmcS+RuvzZjZ7djdy4RzCyCDQ36Fjzz
LZByILZPH1ImdIgmOW9JqdeFBzpJPdzPjtjUzNmaHsPxnNu1dEroq/X3vBAAZsy2
IFVPQntj8VJzxnpEDNXIiyNLzk/IvBTwHbVuZyWlumCrQKU1YBIlrPsAHLP1Fn+v
4D5BthABJlgSUOj4VZszGUUDs5eP9448NkH/0kPUSeBrOIVJhftGNtjNu97R+a8T
sVm5SHCokTZ2MbG9xcGR7OzX4AhAje9c2dx6hPS8OQ8ELLjJFuaXxzPrIlIkkYcr
pGsOfawpG6riDKmgVEci8bWk2PGxcWo3v6jgrw8vSQ5lxImoUwIDAQABo34wfDAa
BgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCQYDVR0TBAIwADATBgNVHSUEDDAK
BggrBgEFBQcDATAdBgNVHQ4EFgQUgaele4xuz1flAJo0rhz8DByg1sYwHwYDVR0j
BBgwFoAUaCqkDbmBbUPy58tGKT2Yu1ENDBcwDQYJKoZIhvcNAQELBQADggEBACjt
Nn8qP89m3NQ9cZj855vBHYXlwAWLOWzsTAPSTksklS8b7EJYkefI8MgGpRE3HmFS
Sw3/Tz9mfeNH9PbJNjJvmnWp0HBHApR3dmF7GNx5DZHxdrP3Q1fMfOcyPnzOSE3G
92ZOGXrjBG4wAE+c1UrlU1H9K8eiN1XaKAQmuPCM1aOharcQN4/hPm5di2s/hnxb
Ptsm7u2TSFBae1YFDZmICbMb5uNDYmsioQdSvWoLrk6vtQJtTEWOIfgaRtxjJVq/
z+n8l1LnNrkInVX0nBVcCacZLm0uKXtoa+S6Ta8aIw4W4S20mC2HbwSz1eZ0azxJ
hhLSJ2gM3yQF+am9e1g=
-----END CERTIFICATE-----
"""

    static let serverKey = """
-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDe0Oo6SZxL5G6/
NmNnt2N3LhHMLIINDfoWPPMtkHIgtk8fUiZ0iCY5b0mp14UHOkk93M+O2NTM2Zoe
w/Gc27V0Suir9fe8EABmzLYgVU9Ce2PxUnPGekQM1ciLI0vOT8i8FPAdtW5nJaW6
YKtApTVgEiWs+wAcs/UWf6/gPkG2EAEmWBJQ6PhVmzMZRQOzl4/3jjw2Qf/SQ9RJ
4Gs4hUmF+0Y22M273tH5rxOxWblIcKiRNnYxsb3FwZHs7NfgCECN71zZ3HqE9Lw5
DwQsuMkW5pfHM+siUiSRhyukaw59rCkbquIMqaBURyLxtaTY8bFxaje/qOCvDy9J
DmXEiahTAgMBAAECggEAXJDpRgbPtl2zvp9fQ7bVzSzn+u0gqEC+vV9b3XmNWFa0
3zu3OyFW0/SOY09kdiC6Tcd+uQcOvP3Hv/FCXpqOMz5tlAcPAOOa7xorrZoTX/i4
CAjrjTC9NaHY+yjSNOdDaxO9v3Hg6FwlEh1X9/bKiltvqIHsRYBjmRG55MyoavRL
r/4F0uD0sm78y0QV9dcBZNhH5NJym+AJiACK9DYao1wBXC3afR6GjBfqfDXbeiBp
Sjhi4NYQWlPctj5wLE45wMi6kWHfqUJVH75oPq7BVY6vIcjv9ZGPVKdMM5ddVCu2
/kcrnRoc12sWOuiKAP7kt6O6bX+qWbRO651g75Y34QKBgQD0Oak9werS7q7MRn3r
7QgekK32DJqwUoNjUHob24a8YVYhY4Gf+3porkT/Ph8iDTJJTYmdxME8uacK18kZ
6kkmMsm+xCghgjzbPhu4HaqEselV1OElzTTfcKGTB0tpdrEtHMewUNxQvu3i15va
kX7oBBwMcmnVGCGFbIb5p2lMMwKBgQDpjwMgWpgYHzVCopJZ/oGSanKJ6rpmArIa
bEGnhQobyldUngQwk8gMlD9Og8PL5ndTEWSh6qODh9SZogbeDuKjuSnrrI0O+lwD
BFkVyUA0SO6G0ik7hyGdb42abfRvi4AToREW4vibDsxMnLboku73CxwZgoeq7pjF
XC4+KxQTYQKBgQDgB/zd8ALPF7A1Jvzf7QGjuCg8KvfDgw2PjwVUhJ4mNEvkOPlx
nih92k7krUG15NEaOQxiM1jnsY4v/h41rZsIdVJnslz10BivLVwUGvKO4v0ehTc7
i/BSf2lYDDr7Nav1rA7qCGLxlxN1IT+Q0iLOBucL6/B1T7uAPzvZy95lzQKBgCsj
sDckpJ0n/oVtU8ztlm893CQfSAiZjN4WitXvW9ugNxs5CJsUYMn6A+tzqRGbYwTj
3IuPtF4SE7HA3LXdV/1XsSeHupI+qgognnfIsWQ26F/cp6MIJaxXs3cHwjNsN97o
TCjHCZZSWGf6NkqlASB+W9VWZ8qpwWwKx7vR5yZhAoGAQy3bOt87QHeE29rz6HXE
2PvM3X8BYkAR5KTxBo+J9RaIfWTsM6j7BbFS/ErBlCiuxXxErYh5HXwvWrjZXs3D
OwGhjOC+bOlwbMOglLvlPK2m0gWyRC1J7FymfdDj/7WkaygYDczEG25imz3Jou91
ae8or3zTfiPxV4XNrRyEw90=
-----END PRIVATE KEY-----
"""

    /// A TLS relay (Python standard library): accepts TLS on a free loopback port, prints
    /// `LISTENING <port>`, forwards every connection to the plain port given, and exits when its
    /// standard input closes.
    static let relayScript = #"""
import asyncio, ssl, sys

certificate, key, target = sys.argv[1], sys.argv[2], int(sys.argv[3])
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
context.set_alpn_protocols(["http/1.1"])


async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except Exception:
        pass
    finally:
        writer.close()


async def relay(reader, writer):
    try:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", target)
    except Exception:
        writer.close()
        return
    await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))


async def main():
    server = await asyncio.start_server(relay, "127.0.0.1", 0, ssl=context)
    print("LISTENING", server.sockets[0].getsockname()[1], flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


asyncio.run(main())
"""#
}
