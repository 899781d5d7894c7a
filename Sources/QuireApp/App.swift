import QuireRender
import QuireX11
