import QuireInk
import QuireImageIO
