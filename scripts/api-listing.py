#!/usr/bin/env python3
"""Prints a module's public API from its symbol graphs: one declaration a line, sorted.

What the compiler synthesizes (`!=`, `hashValue`) is left out, so the listing changes exactly when
a declaration an app or a plug-in author can use changes. With `--spi`, it prints what sits behind
an `@_spi` instead (the transport seam plug-ins import, the readers generated code calls), each
line led by its group, read from the declaration's source or its parent's; without, it leaves
that out, so the plain listing is what an app sees.
"""
import glob
import json
import os
import re
import sys
from urllib.parse import unquote, urlparse

SPI_ATTRIBUTE = re.compile(r'@_spi\((\w+)\)')


def spi_group(symbol, parents, symbols, sources):
    """The `@_spi` group of `symbol`: on its declaration line or the attribute lines above it, or
    its parent's (a member of an SPI type is SPI with it)."""
    location = symbol.get('location')
    if location:
        path = unquote(urlparse(location['uri']).path)
        if path not in sources:
            sources[path] = open(path).read().split('\n')
        lines = sources[path]
        line = location['position']['line']
        while line >= 0:
            text = lines[line].strip()
            if line < location['position']['line'] and not text.startswith('@'):
                break
            if found := SPI_ATTRIBUTE.search(text):
                return found.group(1)
            line -= 1
    parent = parents.get(symbol['identifier']['precise'])
    if parent in symbols:
        return spi_group(symbols[parent], parents, symbols, sources)
    return '?'


def listing(directory, module, spi):
    lines = set()
    sources = {}
    for path in sorted(glob.glob(os.path.join(directory, module + '*.symbols.json'))):
        graph = json.load(open(path))
        extended = os.path.basename(path)[len(module):].split('.symbols.json')[0].lstrip('@')
        prefix = f'(extends {extended}) ' if extended else ''
        symbols = {symbol['identifier']['precise']: symbol for symbol in graph['symbols']}
        parents = {
            relation['source']: relation['target']
            for relation in graph.get('relationships', [])
            if relation['kind'] in ('memberOf', 'requirementOf')
        }
        names = {precise: '.'.join(symbol['pathComponents']) for precise, symbol in symbols.items()}

        def lead(precise):
            """What leads the line of `precise`'s declaration, or `None` when it is not listed here."""
            symbol = symbols[precise]
            if bool(symbol.get('spi')) != spi:
                return None
            return f'@_spi({spi_group(symbol, parents, symbols, sources)}) ' if spi else ''

        for precise, symbol in symbols.items():
            if 'location' not in symbol or (start := lead(precise)) is None:
                continue
            declaration = ' '.join(''.join(f['spelling'] for f in symbol.get('declarationFragments', [])).split())
            owner = '.'.join(symbol['pathComponents'][:-1])
            lines.add(f"{start}{prefix}{owner + ': ' if owner else ''}{declaration}")
        for relation in graph.get('relationships', []):
            if relation['kind'] != 'conformsTo' or relation['source'] not in names:
                continue
            if (start := lead(relation['source'])) is None:
                continue
            target = relation.get('targetFallback') or names.get(relation['target'], relation['target'])
            lines.add(f"{start}{prefix}{names[relation['source']]} conforms to {target.split('.')[-1]}")
    return sorted(lines)


if __name__ == '__main__':
    arguments = sys.argv[1:]
    spi = arguments[0] == '--spi'
    if spi:
        arguments = arguments[1:]
    result = listing(arguments[0], arguments[1], spi)
    if result:
        print('\n'.join(result))
