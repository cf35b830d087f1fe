import BatonCompiler

extension ValidationTable {
    static let fragmentSpreadCases: [ValidationCase] = {
        let rule = PossibleFragmentSpreadsRule.self
        /// A fragment on `parent` that spreads a fragment on `fragmentType`, on its second line.
        func spread(_ parent: String, _ fragmentType: String, _ fragmentSelection: String = "__typename") -> String {
            """
            fragment Outer on \(parent) {
              ...Inner
            }
            fragment Inner on \(fragmentType) { \(fragmentSelection) }
            """
        }
        /// A fragment on `parent` with an inline fragment on `fragmentType`, on its second line.
        func inline(_ parent: String, _ fragmentType: String) -> String {
            """
            fragment Outer on \(parent) {
              ... on \(fragmentType) { __typename }
            }
            """
        }
        func spreadError(_ parent: String, _ fragmentType: String) -> ExpectedError {
            error(
                #"Fragment "Inner" cannot be spread here as objects of type "\#(parent)" can never be of type "\#(fragmentType)"."#,
                (2, 3))
        }
        func inlineError(_ parent: String, _ fragmentType: String) -> ExpectedError {
            error(
                #"Fragment cannot be spread here as objects of type "\#(parent)" can never be of type "\#(fragmentType)"."#,
                (2, 3))
        }
        return [
            valid(rule, "the same object", spread("Dog", "Dog")),
            valid(rule, "the same object inline", inline("Dog", "Dog")),
            valid(rule, "an object into an interface it implements", spread("Pet", "Dog")),
            valid(rule, "an object into a union that holds it", spread("CatOrDog", "Dog")),
            valid(rule, "a union into an object it holds", spread("Dog", "CatOrDog")),
            valid(rule, "a union into an overlapping interface", spread("Pet", "CatOrDog")),
            valid(rule, "a union into an overlapping union", spread("DogOrHuman", "CatOrDog")),
            valid(rule, "an interface into an object that implements it", spread("Dog", "Pet")),
            valid(rule, "an interface into an overlapping interface", spread("Pet", "Being")),
            valid(rule, "an interface into an overlapping interface inline", inline("Pet", "Being")),
            valid(rule, "an interface into an overlapping union", spread("CatOrDog", "Pet")),
            valid(rule, "a fragment on a scalar is another rule's", spread("Pet", "String", "name")),
            valid(rule, "an unknown fragment is another rule's", "fragment petFragment on Pet { ...UnknownFragment }"),
            valid(rule, "an unknown type inline is another rule's", inline("Pet", "Unknown")),
            invalid(rule, "a different object into an object", spread("Cat", "Dog"), spreadError("Cat", "Dog")),
            invalid(rule, "a different object into an object inline", inline("Cat", "Dog"), inlineError("Cat", "Dog")),
            invalid(
                rule, "an object into an interface it does not implement", spread("Pet", "Human"),
                spreadError("Pet", "Human")),
            invalid(
                rule, "an object into a union that does not hold it", spread("CatOrDog", "Human"),
                spreadError("CatOrDog", "Human")),
            invalid(
                rule, "a union into an object it does not hold", spread("Human", "CatOrDog"),
                spreadError("Human", "CatOrDog")),
            invalid(
                rule, "a union into an interface it does not overlap", spread("Pet", "HumanOrAlien"),
                spreadError("Pet", "HumanOrAlien")),
            invalid(
                rule, "a union into a union it does not overlap", spread("CatOrDog", "HumanOrAlien"),
                spreadError("CatOrDog", "HumanOrAlien")),
            invalid(
                rule, "an interface into an object that does not implement it", spread("Cat", "Intelligent"),
                spreadError("Cat", "Intelligent")),
            invalid(
                rule, "an interface into an interface it does not overlap", spread("Pet", "Intelligent"),
                spreadError("Pet", "Intelligent")),
            invalid(
                rule, "an interface into an interface it does not overlap, inline", inline("Pet", "Intelligent"),
                inlineError("Pet", "Intelligent")),
            invalid(
                rule, "an interface into a union it does not overlap", spread("HumanOrAlien", "Pet"),
                spreadError("HumanOrAlien", "Pet")),
        ]
    }()
}
