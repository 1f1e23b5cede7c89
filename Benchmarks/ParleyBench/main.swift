print("parley-bench")
