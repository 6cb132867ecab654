actor Counter {
    var value = 0
    func bump() { value += 1 }
}

@main struct Main {
    static func main() async {
        let counter = Counter()
        await counter.bump()
        print(await counter.value)
    }
}
