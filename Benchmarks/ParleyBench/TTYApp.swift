import Foundation
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// `parley-bench --tty-app N`: parley's own event loop, stores, views and ncurses painter
/// on the real terminal, with the first site's N comments already loaded.
///
/// The `parley` binary loads 100 comments a request and fetches more only as the cursor
/// nears the end, so right after start-up it holds one page whatever `--mock-size` says.
/// Keystrokes "at 100k comments" need the 100k in the stores: this mode imports the mock
/// site's comments (``CommentsImported``) before the first frame, then runs exactly what
/// `parley` runs (``TerminalApp`` on ``NcursesScreen/open()``, `dispatchMain`). The
/// pty harness drives it like `parley`.
@MainActor
enum TTYApp {
    private static var running: TerminalApp?

    static func start(size: Int) {
        let data = MockData.comments(count: size)
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: size))
        guard let site = server.sites.first,
              let client = try? WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration()) else {
            FileHandle.standardError.write(Data("parley-bench: no mock site\n".utf8))
            exit(1)
        }
        let screen: NcursesScreen
        do { screen = try NcursesScreen.open() } catch {
            FileHandle.standardError.write(Data("parley-bench: \(error)\n".utf8))
            exit(1)
        }
        let dispatcher = Dispatcher.shared
        let comments = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: dispatcher)
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher)
        let visible = VisibleCommentsSelector(comments: comments, filters: filters)
        let ui = UIStore(comments: comments, filters: filters, visible: visible, dispatcher: dispatcher)
        dispatcher.dispatch(CommentsImported(site: site.id, comments: data))
        let app = TerminalApp(store: ui, screen: screen)
        running = app
        keepAlive = server
        app.start(site: site.id)
    }

    private static var keepAlive: MockServer?
}
