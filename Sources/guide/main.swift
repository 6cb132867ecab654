print("guide")
