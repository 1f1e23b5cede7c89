extension CommentsState {
    /// Puts `step` on the undo stack, dropping its site's oldest step beyond the limit.
    /// The steps of one bulk run count as one step.
    mutating func pushUndo(_ step: UndoEntry) {
        let joinsItsRun = step.batch != nil && undoStack.last?.batch == step.batch
        undoStack.append(step)
        guard !joinsItsRun else { return }
        let ofSite = undoStack.indices.filter { undoStack[$0].site == step.site }
        var starts: [Int] = []
        for index in ofSite where starts.isEmpty || undoStack[index].batch == nil
            || undoStack[index].batch != undoStack[starts[starts.count - 1]].batch {
            starts.append(index)
        }
        if starts.count > Self.undoLimit, let oldest = starts.first {
            let batch = undoStack[oldest].batch
            undoStack.remove(at: oldest)
            if let batch { undoStack.removeAll { $0.site == step.site && $0.batch == batch } }
        }
    }

    /// Takes the steps of bulk run `batch` off the top of the stack, oldest first.
    mutating func popUndoRun(_ batch: Int) -> [UndoEntry] {
        var steps: [UndoEntry] = []
        while let last = undoStack.last, last.batch == batch {
            steps.append(undoStack.removeLast())
        }
        return steps.reversed()
    }

    /// Takes `steps` off the stack, wherever they are (a retried undo sends them again).
    mutating func removeUndoSteps(_ steps: [UndoEntry]) {
        undoStack.removeAll(where: steps.contains)
    }

    /// Takes the step of `id` off the stack (its write failed: there is nothing to undo).
    mutating func dropUndoStep(site: SiteID, id: Int) {
        if let index = undoStack.lastIndex(where: { $0.site == site && $0.id == id }) {
            undoStack.remove(at: index)
        }
    }
}

extension UndoEntry {
    /// The moderation that reverts the change.
    var reversal: Moderation {
        switch (newStatus, previousStatus) {
        case (.trash, _): .restore
        case (_, .approved): .approve
        case (_, .hold): .hold
        case (_, .spam): .spam
        case (_, .trash): .trash
        }
    }
}
