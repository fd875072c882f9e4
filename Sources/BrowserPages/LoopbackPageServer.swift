#if Editor
    import Hummingbird
    import Synchronization

    /// What the editor and the two auditions share: a router behind `LoopbackGuard` that serves one page at `/` and
    /// the pages' files at `/assets/NAME`, and the application on 127.0.0.1 around it that reports its URL (with the
    /// token) once it listens.
    struct LoopbackPageServer {
        /// The port the server listens on, known once it is bound (the guard checks Host against it).
        final class BoundPort: Sendable {
            let value: Atomic<Int>
            init(_ port: Int) { value = Atomic(port) }
        }

        let router = Router(context: BasicRequestContext.self)
        let token: String
        let port: Int
        let bound: BoundPort

        /// A router for `page`, guarded by `token`, to listen on `port` (0: any free port).
        init(page: PageAssets.File, token: String, port: Int) {
            self.token = token
            self.port = port
            let bound = BoundPort(port)
            self.bound = bound
            router.add(middleware: LoopbackGuard(token: token, port: { bound.value.load(ordering: .relaxed) }))
            router.get("/") { _, _ in PageResponses.page(page) }
            router.get("/assets/{name}") { _, context in
                guard let name = context.parameters.get("name"), let file = PageAssets.files[name] else {
                    return PageResponses.failure(.notFound, "no such file of the page")
                }
                return PageResponses.page(file)
            }
        }

        /// The application with the routes added so far; `started` receives the page's URL once it listens.
        func application(started: @escaping @Sendable (String) -> Void) -> some ApplicationProtocol {
            let bound = bound, token = token, port = port
            return Application(
                router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)),
                onServerRunning: { channel in
                    let actual = channel.localAddress?.port ?? port
                    bound.value.store(actual, ordering: .relaxed)
                    started("http://127.0.0.1:\(actual)/?token=\(token)")
                }, logger: PageResponses.quietLogger())
        }
    }
#endif
