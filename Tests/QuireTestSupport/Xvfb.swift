import CX11
