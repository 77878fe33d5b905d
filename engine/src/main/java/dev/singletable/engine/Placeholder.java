package dev.singletable.engine; final class Placeholder {}
