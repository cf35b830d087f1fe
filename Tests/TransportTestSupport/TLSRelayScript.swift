/// The TLS relay's script: accepts TLS with the test certificate (`TestServer/tls/`) and forwards
/// each connection's bytes to the reference server's plain port.
enum TLSRelayScript {
    static let text = #"""
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
