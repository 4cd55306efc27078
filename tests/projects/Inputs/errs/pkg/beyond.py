from .. import up
