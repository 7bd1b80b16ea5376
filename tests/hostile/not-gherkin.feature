hello world
this is not gherkin
