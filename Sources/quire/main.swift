import QuireApp
