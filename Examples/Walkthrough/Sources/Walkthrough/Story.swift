import Baton
import Foundation

/// The story, one launch of it: every closure here runs wherever its handle's snapshots arrive,
/// so none of it belongs to the main actor.
func tell(_ launch: Launch) async throws {
    let environment = try launch.environment()
    // The note every launch watches, so a later launch finds it in the image.
    let note = StoryNoteQuery(id: "story")
    let describeNote: (StoryNoteQuery.Data) -> String = { "note: \"\($0.note.text)\"" }

    switch launch.step {
    case .tour:
        print("baton.json: transport curl, store sqlite at \(launch.image)")

        step("A query: loading, then ready")
        let noteHandle = environment.watch(note)
        await follow(noteHandle, describeNote)

        step("Partial data: ready, with the field's error and its extensions.code")
        if let partial = await follow(
            environment.watch(StoryPartialQuery()), { "partial.ok: \($0.partial.ok), partial.failing: \($0.partial.failing ?? "null")" })
        {
            for error in partial.errors {
                print(
                    "  error at \((error.path ?? []).map { "\($0)" }.joined(separator: ".")): \(error.message), extensions.code \(error.code ?? "none")"
                )
            }
        }

        step("@catch(to: RESULT): the error kept beside the field")
        await follow(environment.watch(StoryCaughtQuery())) { data in
            switch data.partial.failing {
            case .success(let value): return "partial.failing: \(value ?? "null")"
            case .failure(let errors): return "partial.failing caught: \(errors.errors.map { $0.code ?? $0.message })"
            }
        }

        step("@required: holder.inner came back null, so holder is nil")
        await follow(environment.watch(StoryRequiredQuery())) { data in
            "holder: \(data.holder.map { "name \($0.name)" } ?? "nil (its required inner was null)")"
        }

        step("Fragments handed to child views as references: each reads its own records")
        let card = await follow(environment.watch(StoryNoteCardQuery(id: "story"))) { "note revision \($0.note.revision)" }
        let rows = card?.phase.data.map { data in
            (
                environment.watch(data.note.fragments.storyNoteText.reference),
                environment.watch(data.note.author.fragments.storyAuthorName.reference)
            )
        }
        if let (textRow, authorRow) = rows {
            print("  the text row: \"\(textRow.phase.data?.text ?? "")\", the author row: \(authorRow.phase.data?.name ?? "")")
        }
        // The author row counts its snapshots: the mutation below changes the note, not its author.
        let authorSnapshots = Task { [authorRow = rows?.1] in
            var count = 0
            if let authorRow { for await _ in authorRow { count += 1 } }
            return count
        }

        step("A mutation with an optimistic update: the watched note changes at once, then the server's answer")
        let texts = Task {
            var last = ""
            for await snapshot in noteHandle {
                guard let text = snapshot.phase.data?.note.text, text != last else { continue }
                print("  the watched note: \"\(text)\"")
                last = text
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        // The expected answer, built in Swift: a field left out would not compile.
        let optimistic = StorySetNoteMutation.Data(setNote: .init(id: "story", text: "Written by the walkthrough (sending…)"))
        let saved = try await environment.mutate(
            StorySetNoteMutation(id: "story", text: "Written by the walkthrough", delayMs: .value(500)), optimisticResponse: optimistic)
        print("  the server answered: \"\(saved.setNote.text)\"")
        try await Task.sleep(for: .milliseconds(100))
        texts.cancel()
        if let (textRow, _) = rows {
            print("  the text row: \"\(textRow.phase.data?.text ?? "")\"")
        }
        authorSnapshots.cancel()
        print("  the author row's snapshots: \(await authorSnapshots.value) (its first read only)")

        step("A feed: a second page loaded with loadNext, then an optimistic @appendEdge")
        let feedID = "story-feed-size:4"
        let titles: (StoryFeedPosts) -> String = { posts in
            "posts: " + posts.posts.nodes.map(\.title).joined(separator: ", ")
        }
        let feedHandle = environment.watch(StoryFeedQuery(id: feedID, first: 2))
        guard let feed = await follow(feedHandle, { titles($0.feed.fragments.storyFeedPosts) })?.phase.data?.feed else { break }
        // The list's own handle pages it: the next page merges into the same connection.
        let posts = environment.watch(feed.fragments.storyFeedPosts.reference)
        if posts.hasNext { try await posts.loadNext(2) }
        if let page = posts.phase.data { print("  after loadNext(2): \(titles(page)), more: \(posts.hasNext)") }
        let watched = Task {
            var last = ""
            for await snapshot in posts {
                guard let data = snapshot.phase.data, titles(data) != last else { continue }
                last = titles(data)
                print("  the watched feed: \(last)")
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        let sending = StoryAppendPostMutation.Data(
            addPost: .init(edge: .init(cursor: "", node: .init(id: "sending", title: "Posted by the walkthrough (sending…)"))))
        _ = try await environment.mutate(
            StoryAppendPostMutation(
                feedId: feedID, title: "Posted by the walkthrough", delayMs: .value(500),
                connections: [feed.fragments.storyFeedPosts.posts.__id]),
            optimisticResponse: sending)
        try await Task.sleep(for: .milliseconds(100))
        watched.cancel()

        step("List to detail: a post the feed holds, ready on the first snapshot with no request (a lookup)")
        if let first = posts.phase.data?.posts.nodes.first {
            let detail = environment.watch(StoryPostQuery(id: first.id))
            print(line(detail.snapshot) { data in "post: \(data.node?.asPost?.title ?? "(none)")" })
        }

        step("@defer: the first part ready, the deferred part arriving later")
        await follow(environment.watch(StoryDeferredQuery())) { data in
            "hello: \(data.hello), later: \(data.later.map { "\($0.slow)" } ?? "(not yet)")"
        }

        step("A subscription ticking")
        let ticks = environment.subscribe(StoryCountdownSubscription(from: 3))
        var seen = 0
        for await snapshot in ticks where snapshot.events > seen {
            seen = snapshot.events
            if let value = snapshot.phase.data?.countdown.value { print("  tick \(value) (\(snapshot.connection.name))") }
        }
        let ended = await ticks.ended()
        print("  the countdown \(ended.map { "failed: \($0)" } ?? "completed")")

    case .offline:
        step("The server is stopped: the note comes from the image, the refresh fails, the old data stays")
        let handle = environment.watch(note, policy: .storeAndNetwork)
        let last = await follow(handle, describeNote)
        if let failure = last?.fetch.failure { print("  the refresh failed with a \(failure.kind) failure; the data shown is still the image's") }

    case .relaunch:
        step("Relaunched against a server again: ready from the image, stale, then refreshed")
        await follow(environment.watch(note), describeNote)
    }
}
