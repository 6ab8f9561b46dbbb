"""A seat screen's picture in the controller's own byte order (SSD1306 and SH1106 alike): the bytes
the display driver writes and the simulated panel decodes."""

from __future__ import annotations

from PIL import Image


def image_to_framebuffer(image: Image.Image) -> bytes:
    """Pack a 1-bit WxH image into controller page order: 8 vertical pixels per byte, LSB on top.

    Hand-written because luma keeps this packing inside `display()`; done with Pillow's C code:
    rotating 90° clockwise turns each screen column into a row whose bytes are the pages, bottom
    page first.
    """
    width, height = image.size
    pages = height // 8
    rotated = image.transpose(Image.Transpose.ROTATE_270).tobytes()
    # Row x of the rotated image holds screen column x, MSB = bottom pixel; byte j of that row is
    # page (pages - 1 - j) with its top pixel in the LSB, exactly the controller's byte.
    return bytes(_pack(rotated, width, pages))


def _pack(rotated: bytes, width: int, pages: int) -> bytearray:
    out = bytearray(width * pages)
    for p in range(pages):
        out[p * width:(p + 1) * width] = rotated[pages - 1 - p::pages]
    return out


def framebuffer_to_image(buffer: bytes, width: int = 128, pages: int = 8) -> Image.Image:
    """The inverse of `image_to_framebuffer`."""
    rows = bytearray(width * pages)
    for p in range(pages):
        rows[pages - 1 - p::pages] = buffer[p * width:(p + 1) * width]
    rotated = Image.frombytes("1", (pages * 8, width), bytes(rows))
    return rotated.transpose(Image.Transpose.ROTATE_90)
